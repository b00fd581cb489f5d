/** Wire shapes shared by the API and the web app (pure types, no runtime imports). */
import type { Permissions } from '../permissions';

export interface UserResponse {
  id: number;
  name: string;
  email: string;
  permissions: Permissions;
  is_super_admin: boolean;
  created_at: string;
}

export interface AuditLogResponse {
  id: number;
  action: string;
  resource_type: string | null;
  resource_id: string | null;
  /** The API token the change was made with (null: a session or the system). */
  api_token_id: number | null;
  created_at: string;
}

/**
 * The signed-in account as its own session sees it: `must_change_password` when its password was generated (the
 * first super admin without ADMIN_PASSWORD); until it is changed, only POST /api/me/password, /api/me and
 * /api/logout answer.
 */
export type SessionUserResponse = UserResponse & { must_change_password: boolean };

export interface MeResponse {
  data: { user: SessionUserResponse & { audit_logs: AuditLogResponse[] } };
}

export interface AuthResponse {
  token: string;
  user: SessionUserResponse;
}

/** POST /api/me/password: the current password and the new one, twice. */
export interface ChangePasswordRequest {
  current_password: string;
  password: string;
  password_confirmation: string;
}
