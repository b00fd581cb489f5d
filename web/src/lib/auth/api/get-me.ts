import type { MeResponse } from '@shared/contracts/users.contract';
import { apiRequest } from '../../api-client';

/** GET /api/me */
export function getMe(): Promise<MeResponse> {
  return apiRequest<MeResponse>('/api/me');
}
