import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { RegistrationStatus } from '../contracts/external-events.contract';

@Entity('external_registrations')
export class ExternalRegistrationEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'event_id', type: 'integer' })
  eventId: number;

  @Column({ type: 'text' })
  nombre: string;

  @Column({ name: 'apellido_paterno', type: 'text' })
  apellidoPaterno: string;

  @Column({ name: 'apellido_materno', type: 'text' })
  apellidoMaterno: string;

  /** YYYY-MM-DD. */
  @Column({ name: 'fecha_nacimiento', type: 'date' })
  fechaNacimiento: string;

  @Column({ type: 'text' })
  phone: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text', nullable: true })
  curp: string | null;

  @Column({ type: 'text', nullable: true })
  empresa: string | null;

  @Column({ name: 'tipo_participante', type: 'text' })
  tipoParticipante: string;

  @Column({ type: 'text', default: 'registered' })
  status: RegistrationStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
