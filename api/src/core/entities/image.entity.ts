import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Uploaded images, re-encoded and stored in PostgreSQL (every API process serves them; backups include them). */
@Entity('images')
export class ImageEntity {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'content_type', type: 'text' })
  contentType: string;

  @Column({ type: 'bytea', select: false })
  bytes: Buffer;

  @Column({ type: 'integer' })
  width: number;

  @Column({ type: 'integer' })
  height: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
