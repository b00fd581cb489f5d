import { Column, Entity } from 'typeorm';
import { RecordColumns } from '@core/entities/base-columns';
import type { Permissions } from '@shared/permissions';

@Entity('users')
export class UserEntity extends RecordColumns {
  @Column({ type: 'text' })
  name: string;

  /** Stored lower-cased and trimmed; unique. */
  @Column({ type: 'text', unique: true })
  email: string;

  @Column({ name: 'password_hash', type: 'text', select: false })
  passwordHash: string;

  @Column({ name: 'is_super_admin', type: 'boolean', default: false })
  isSuperAdmin: boolean;

  @Column({ type: 'jsonb', default: () => `'{}'::jsonb` })
  permissions: Permissions;

  /** The password was generated (the first super admin without ADMIN_PASSWORD): change it before anything else. */
  @Column({ name: 'must_change_password', type: 'boolean', default: false })
  mustChangePassword: boolean;
}
