import type { SessionUserResponse, UserResponse } from '@shared/contracts/users.contract';
import type { UserEntity } from '@modules/users/user.entity';

export function toUserResponse(
  user: Pick<UserEntity, 'id' | 'name' | 'email' | 'permissions' | 'isSuperAdmin' | 'createdAt'>,
): UserResponse {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    permissions: user.permissions ?? {},
    is_super_admin: user.isSuperAdmin,
    created_at: user.createdAt.toISOString(),
  };
}

/** The account as its own session sees it (sign-in, /api/me): with must_change_password. */
export function toSessionUserResponse(
  user: Pick<UserEntity, 'id' | 'name' | 'email' | 'permissions' | 'isSuperAdmin' | 'createdAt' | 'mustChangePassword'>,
): SessionUserResponse {
  return { ...toUserResponse(user), must_change_password: user.mustChangePassword };
}
