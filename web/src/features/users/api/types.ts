import type { Action, Area } from '@shared/permissions';

/** The payload of POST /api/users and PUT /api/users/{id} (spec 1 §7). */
export interface UserPayload {
  name: string;
  email: string;
  password?: string;
  password_confirmation?: string;
  is_super_admin: boolean;
  /** Every area is sent, so the form sets the whole map (an empty list clears an area). */
  permissions: Record<Area, Action[]>;
}
