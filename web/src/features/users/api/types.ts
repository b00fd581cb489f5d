import type { Action } from '@shared/access/permissions';

/** The payload of POST /api/users and PUT /api/users/{id} (spec 1 §7). */
export interface UserPayload {
  name: string;
  email: string;
  password?: string;
  password_confirmation?: string;
  is_super_admin: boolean;
  permissions: { eventos_internos: Action[]; eventos_externos: Action[] };
}
