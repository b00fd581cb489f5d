export type ProgressTone = 'green' | 'blue' | 'yellow' | 'red';

/** A horizontal bar (percent already capped at 100 by the caller's rule) with an accessible value. */
export function ProgressBar({
  percent,
  tone,
  label,
  size = 'md',
  testId,
}: {
  percent: number;
  tone: ProgressTone;
  label: string;
  size?: 'sm' | 'md';
  testId?: string;
}) {
  const value = Math.max(0, Math.min(100, percent));
  return (
    <div
      className={`progress progress--${size}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value)}
      data-tone={tone}
      data-testid={testId}
    >
      <span className={`progress__fill progress__fill--${tone}`} style={{ width: `${value}%` }} />
    </div>
  );
}
