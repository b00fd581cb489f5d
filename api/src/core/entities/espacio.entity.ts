import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { SeccionEntity } from './seccion.entity';

/** A seating-layout template (spec 3 §3 Espacio). Table contract: docs of migration 1764400000000. */
@Entity('espacios')
export class EspacioEntity {
  @PrimaryGeneratedColumn()
  id: number;

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

  @Column({ name: 'created_by', type: 'integer', nullable: true })
  createdBy: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ type: 'bigint', default: 1 })
  version: string;

  @OneToMany(() => SeccionEntity, (s) => s.espacio)
  secciones: Array<Relation<SeccionEntity>>;
}
