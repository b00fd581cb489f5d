import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ExternalEventStatus } from '../contracts/external-events.contract';

@Entity('external_events')
export class ExternalEventEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ name: 'event_date', type: 'timestamptz' })
  eventDate: Date;

  @Column({ name: 'end_date', type: 'timestamptz', nullable: true })
  endDate: Date | null;

  @Column({ type: 'text' })
  location: string;

  @Column({ name: 'max_attendees', type: 'integer', default: 50 })
  maxAttendees: number;

  @Column({ name: 'current_attendees', type: 'integer', default: 0 })
  currentAttendees: number;

  @Column({ type: 'text', default: 'draft' })
  status: ExternalEventStatus;

  @Column({ name: 'image_url', type: 'text', nullable: true })
  imageUrl: string | null;

  @Column({ type: 'text', unique: true })
  slug: string;

  @Column({ name: 'is_featured', type: 'boolean', default: false })
  isFeatured: boolean;

  @Column({ type: 'jsonb', default: () => `'[]'::jsonb` })
  requirements: string[];

  @Column({ type: 'jsonb', default: () => `'[]'::jsonb` })
  agenda: string[];

  @Column({ name: 'created_by', type: 'integer', nullable: true })
  createdBy: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ type: 'bigint', default: 1 })
  version: string;
}
