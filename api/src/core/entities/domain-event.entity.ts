import { Column, Entity, PrimaryColumn } from 'typeorm';
import { ChangeOriginColumns } from './base-columns';

/**
 * The outbox: every state change writes one row in the same transaction as the change.
 * The relay publishes unpublished rows (audit job + socket push) and stamps published_at.
 */
@Entity('domain_events')
export class DomainEventEntity extends ChangeOriginColumns {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  /** Commit order for the relay. */
  @Column({ type: 'bigint', generated: 'increment', insert: false, update: false })
  seq: string;

  @Column({ type: 'text' })
  type: string;

  @Column({ name: 'actor_id', type: 'integer', nullable: true })
  actorId: number | null;

  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @Column({ name: 'occurred_at', type: 'timestamptz', default: () => 'now()' })
  occurredAt: Date;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt: Date | null;
}
