import type { RetentionReport, RetentionRunAnswer } from '@shared/contracts/retention.contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/privacidad/conservacion → the dry run (what a run would change now, per area) and the latest runs. */
export function getRetentionReport(): Promise<RetentionReport> {
  return apiRequest<RetentionReport>('/api/privacidad/conservacion');
}

/** POST /api/privacidad/conservacion/ejecutar → runs it now; the run with its counts. */
export function runRetention(): Promise<RetentionRunAnswer> {
  return apiRequest<RetentionRunAnswer>('/api/privacidad/conservacion/ejecutar', { method: 'POST' });
}
