import type { CompletenessLevel } from '@shared/contracts/personas.contract';
import { COMPLETENESS_LABELS } from '../persona-labels';

/** The Estado circle of spec 3 §2.1: green complete, orange intermediate, red basic (the default). */
export function CompletenessDot({ level, withLabel = false }: { level: CompletenessLevel; withLabel?: boolean }) {
  const label = COMPLETENESS_LABELS[level] ?? COMPLETENESS_LABELS.red;
  return (
    <span className={`completeness completeness--${level}`} title={label} data-testid="persona-completeness" data-level={level}>
      <span className="completeness__dot" aria-hidden="true" />
      <span className={withLabel ? 'completeness__label' : 'visually-hidden'}>{label}</span>
    </span>
  );
}
