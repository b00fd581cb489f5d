import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { AuditAction } from '@shared/events/domain-events';

/** Written only by the audit job, once per domain event (event_id is unique). */
@Entity('audit_logs')
@Index(['userId', 'createdAt'])
export class AuditLogEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'event_id', type: 'uuid', unique: true })
  eventId: string;

  /** No foreign key on purpose: the trail outlives deleted users. */
  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @Column({ type: 'text' })
  action: AuditAction;

  @Column({ name: 'event_type', type: 'text' })
  eventType: string;

  @Column({ name: 'resource_type', type: 'text', nullable: true })
  resourceType: string | null;

  @Column({ name: 'resource_id', type: 'text', nullable: true })
  resourceId: string | null;

  @Column({ type: 'text', nullable: true })
  ip: string | null;

  /** The API token the change was made with (null: a session or the system). No foreign key: the trail outlives it. */
  @Column({ name: 'api_token_id', type: 'integer', nullable: true })
  apiTokenId: number | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
