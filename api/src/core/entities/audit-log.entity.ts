import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { AuditAction } from '@shared/events/domain-events';
import { ChangeOriginColumns } from './base-columns';

/** Written only by the audit job, once per domain event (event_id is unique): the event's origin, kept. */
@Entity('audit_logs')
@Index(['userId', 'createdAt'])
export class AuditLogEntity extends ChangeOriginColumns {
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

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
