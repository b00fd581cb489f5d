import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Permissions } from '@shared/permissions';
import { GrantColumns } from './base-columns';

/** A personal API token (baseline migration): its hash, never the token; deleting the user deletes it. */
@Entity('api_tokens')
export class ApiTokenEntity extends GrantColumns {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  prefix: string;

  @Column({ name: 'token_hash', type: 'text', unique: true })
  tokenHash: string;

  @Column({ type: 'jsonb' })
  permissions: Permissions;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  @Column({ name: 'last_used_ip', type: 'text', nullable: true })
  lastUsedIp: string | null;

  @Column({ name: 'revoked_by', type: 'integer', nullable: true })
  revokedBy: number | null;
}
