import type { AuthResponse } from '@shared/contracts/users.contract';
import { apiRequest } from '../../api-client';

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
}

/** POST /api/register */
export function postRegister(input: RegisterInput): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('/api/register', {
    method: 'POST',
    body: input,
    auth: 'none',
    ignoreUnauthorized: true,
  });
}
