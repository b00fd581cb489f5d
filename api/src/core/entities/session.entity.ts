import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** One signed-in session; its id is the token's jti. Logout revokes it; deleting the user deletes it. */
@Entity('sessions')
export class SessionEntity {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Index()
  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ type: 'text', nullable: true })
  ip: string | null;
}
