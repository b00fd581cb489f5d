import { Column, Entity, PrimaryColumn } from 'typeorm';
import { GrantColumns } from './base-columns';

/** One signed-in session; its id is the token's jti. Logout revokes it; deleting the user deletes it. */
@Entity('sessions')
export class SessionEntity extends GrantColumns {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ type: 'text', nullable: true })
  ip: string | null;
}
