import { Column, Entity } from 'typeorm';
import { RegistrantColumns } from '@core/entities/base-columns';
import type { GiroSector, ProgramRegistrationStatus, SiNo, TiempoOperando } from '@shared/contracts/programs.contract';

@Entity('programa_registros')
export class ProgramRegistrationEntity extends RegistrantColumns {
  @Column({ name: 'programa_id', type: 'integer' })
  programaId: number;

  @Column({ type: 'text', nullable: true })
  celular: string | null;

  @Column({ name: 'correo_electronico', type: 'text' })
  correoElectronico: string;

  @Column({ type: 'text', nullable: true })
  calle: string | null;

  @Column({ type: 'text', nullable: true })
  numero: string | null;

  @Column({ type: 'text', nullable: true })
  colonia: string | null;

  @Column({ type: 'text' })
  municipio: string;

  @Column({ name: 'tiene_emprendimiento', type: 'text' })
  tieneEmprendimiento: SiNo;

  @Column({ name: 'nombre_emprendimiento', type: 'text', nullable: true })
  nombreEmprendimiento: string | null;

  @Column({ name: 'giro_sector', type: 'text', nullable: true })
  giroSector: GiroSector | null;

  @Column({ name: 'giro_sector_otro', type: 'text', nullable: true })
  giroSectorOtro: string | null;

  @Column({ name: 'tiempo_operando', type: 'text', nullable: true })
  tiempoOperando: TiempoOperando | null;

  @Column({ name: 'tiene_redes_sociales', type: 'text', nullable: true })
  tieneRedesSociales: SiNo | null;

  @Column({ name: 'redes_sociales_enlace', type: 'text', nullable: true })
  redesSocialesEnlace: string | null;

  @Column({ name: 'negocio_formalizado', type: 'text', nullable: true })
  negocioFormalizado: SiNo | null;

  @Column({ type: 'text', nullable: true })
  rfc: string | null;

  @Column({ type: 'text', default: 'pendiente' })
  status: ProgramRegistrationStatus;

  @Column({ type: 'text', nullable: true })
  notas: string | null;
}
