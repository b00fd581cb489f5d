import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { SeccionEntity } from './seccion.entity';

/**
 * One seat, a real row so that assignments reference it with constraints. `codigo` is the seat label
 * of spec 2 §9 ('C-14'), written by the seat-label engine (shared/rules/seat-layout.ts); the wire's
 * displayCode ('VIP-C-14') is derived, not stored.
 */
@Entity('asientos')
export class AsientoEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'seccion_id', type: 'integer' })
  seccionId: number;

  @ManyToOne(() => SeccionEntity, (s) => s.asientos, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'seccion_id' })
  seccion: Relation<SeccionEntity>;

  @Column({ name: 'espacio_id', type: 'integer' })
  espacioId: number;

  /** 1-based row inside its section. */
  @Column({ type: 'smallint' })
  fila: number;

  /** 1-based seat inside its section row. */
  @Column({ type: 'smallint' })
  numero: number;

  @Column({ type: 'varchar', length: 20 })
  codigo: string;
}
