import { Column, Entity } from 'typeorm';
import { WaitlistOwnerColumns } from '@core/waitlist/waitlist-entry.columns';
import type { ProgramaStatus, ProgramaTipo } from '@shared/contracts/programs.contract';

@Entity('programas')
export class ProgramaEntity extends WaitlistOwnerColumns {
  @Column({ type: 'text' })
  nombre: string;

  @Column({ type: 'text' })
  descripcion: string;

  @Column({ type: 'text', default: 'continuo' })
  tipo: ProgramaTipo;

  @Column({ name: 'fecha_inicio', type: 'timestamptz', nullable: true })
  fechaInicio: Date | null;

  @Column({ name: 'fecha_fin', type: 'timestamptz', nullable: true })
  fechaFin: Date | null;

  @Column({ type: 'text', nullable: true })
  ubicacion: string | null;

  @Column({ name: 'max_participantes', type: 'integer', nullable: true })
  maxParticipantes: number | null;

  @Column({ name: 'participantes_actuales', type: 'integer', default: 0 })
  participantesActuales: number;

  @Column({ type: 'text', default: 'draft' })
  status: ProgramaStatus;

  @Column({ type: 'jsonb', default: () => `'[]'::jsonb` })
  requisitos: string[];

  @Column({ type: 'jsonb', default: () => `'[]'::jsonb` })
  beneficios: string[];

  @Column({ name: 'es_destacado', type: 'boolean', default: false })
  esDestacado: boolean;

  @Column({ name: 'imagen_url', type: 'text', nullable: true })
  imagenUrl: string | null;
}
