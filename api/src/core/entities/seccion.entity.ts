import { Column, Entity, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { AsientoEntity } from './asiento.entity';
import { EspacioEntity } from './espacio.entity';

/** A block of filas × asientos_por_fila seats of a space (spec 3 §3 Sección). */
@Entity('secciones')
export class SeccionEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'espacio_id', type: 'integer' })
  espacioId: number;

  @ManyToOne(() => EspacioEntity, (e) => e.secciones, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'espacio_id' })
  espacio: Relation<EspacioEntity>;

  @Column({ type: 'varchar', length: 100 })
  nombre: string;

  /** Unique within its space. */
  @Column({ type: 'varchar', length: 10 })
  codigo: string;

  @Column({ type: 'char', length: 7 })
  color: string;

  @Column({ type: 'integer' })
  orden: number;

  @Column({ type: 'smallint' })
  filas: number;

  @Column({ name: 'asientos_por_fila', type: 'smallint' })
  asientosPorFila: number;

  @Column({ name: 'posicion_x', type: 'integer', default: 0 })
  posicionX: number;

  @Column({ name: 'posicion_y', type: 'integer', default: 0 })
  posicionY: number;

  /** numeric(10,2): the driver reads it as a string. */
  @Column({ name: 'precio_base', type: 'numeric', precision: 10, scale: 2, nullable: true })
  precioBase: string | null;

  @OneToMany(() => AsientoEntity, (a) => a.seccion)
  asientos: Array<Relation<AsientoEntity>>;
}
