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
  created_at: string;
}

export interface MeResponse {
  data: { user: UserResponse & { audit_logs: AuditLogResponse[] } };
}

export interface AuthResponse {
  token: string;
  user: UserResponse;
}
