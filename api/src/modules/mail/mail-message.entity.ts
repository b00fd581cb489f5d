import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { TimestampColumns } from '@core/entities/base-columns';
import type { MailRefType, MailStatus } from '@shared/contracts/mail.contract';

/** One message (table `correos`, baseline migration): queued with its change, rendered and sent by the workers. */
@Entity('correos')
export class MailMessageEntity extends TimestampColumns {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'idempotency_key', type: 'text' })
  idempotencyKey: string;

  @Column({ type: 'text' })
  template: string;

  @Column({ name: 'to_email', type: 'text' })
  toEmail: string;

  @Column({ name: 'to_name', type: 'text', nullable: true })
  toName: string | null;

  @Column({ type: 'jsonb' })
  data: Record<string, unknown>;

  @Column({ name: 'ref_type', type: 'text', nullable: true })
  refType: MailRefType | null;

  @Column({ name: 'ref_id', type: 'integer', nullable: true })
  refId: number | null;

  @Column({ type: 'text', default: 'queued' })
  status: MailStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  /** Our Message-ID, `<correo-<id>.<key hash>@<domain>>`: the same on every attempt (a resend is the same message). */
  @Column({ name: 'message_id', type: 'text', nullable: true })
  messageId: string | null;

  @Column({ name: 'provider_message_id', type: 'text', nullable: true })
  providerMessageId: string | null;

  @Column({ type: 'text', nullable: true })
  subject: string | null;

  @Column({ type: 'text', nullable: true })
  html: string | null;

  @Column({ type: 'text', nullable: true })
  text: string | null;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  /** When retention purged its body (html, text, data; baseline migration): the row stays. */
  @Column({ name: 'purgado_at', type: 'timestamptz', nullable: true })
  purgadoAt: Date | null;
}
