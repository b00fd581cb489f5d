import type { AuthResponse } from '@shared/contracts/users.contract';
import { apiRequest } from '../../api-client';

export interface LoginInput {
  email: string;
  password: string;
}

/** POST /api/login — a 401 here means wrong credentials, not an expired session. */
export function postLogin(input: LoginInput): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('/api/login', {
    method: 'POST',
    body: input,
    auth: 'none',
    ignoreUnauthorized: true,
  });
}
