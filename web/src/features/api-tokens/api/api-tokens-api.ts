import type { ApiTokenResponse, CreateApiTokenRequest, CreatedApiTokenResponse } from '@shared/contracts/api-tokens.contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/tokens → the caller's tokens (a super admin: everyone's), live ones first. */
export function getApiTokens(): Promise<{ tokens: ApiTokenResponse[] }> {
  return apiRequest<{ tokens: ApiTokenResponse[] }>('/api/tokens');
}

/** POST /api/tokens → the new token, its secret shown this once. */
export function createApiToken(body: CreateApiTokenRequest): Promise<CreatedApiTokenResponse> {
  return apiRequest<CreatedApiTokenResponse>('/api/tokens', { method: 'POST', body });
}

/** DELETE /api/tokens/{id} → the token, revoked. */
export function revokeApiToken(id: number): Promise<{ api_token: ApiTokenResponse; message: string }> {
  return apiRequest<{ api_token: ApiTokenResponse; message: string }>(`/api/tokens/${id}`, { method: 'DELETE' });
}
