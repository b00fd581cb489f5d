import { Column, Entity, OneToMany, type Relation } from 'typeorm';
import { StaffRecordColumns } from './base-columns';
import { SeccionEntity } from './seccion.entity';

/** A seating-layout template (spec 3 §3 Espacio). Table contract: docs of migration 1764400000000. */
@Entity('espacios')
export class EspacioEntity extends StaffRecordColumns {
  @Column({ type: 'varchar', length: 150 })
  nombre: string;

  @Column({ type: 'text', nullable: true })
  descripcion: string | null;

  @Column({ name: 'layout_config', type: 'varchar', length: 100, nullable: true })
  layoutConfig: string | null;

  @Column({ type: 'jsonb', default: () => `'[]'::jsonb` })
  pasillos: unknown[];

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;

  @OneToMany(() => SeccionEntity, (s) => s.espacio)
  secciones: Array<Relation<SeccionEntity>>;
}
