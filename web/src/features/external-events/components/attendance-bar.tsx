import { ProgressBar } from '../../../components/ui/progress-bar';
import { attendancePercent, attendanceTone } from '../event-labels';

/** % attendance with the admin colours of spec 1 §9 (rounded, capped at 100). */
export function AttendanceBar({ current, max }: { current: number; max: number }) {
  const percent = attendancePercent(current, max);
  return (
    <div className="attendance" data-testid="attendance">
      <ProgressBar percent={percent} tone={attendanceTone(percent)} label={`Asistencia: ${percent}%`} size="sm" />
      <span className="attendance__value" data-testid="attendance-percent">
        {percent}%
      </span>
    </div>
  );
}
