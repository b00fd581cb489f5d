import { Column, CreateDateColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * Columns that most tables share, written once. These classes are not tables: TypeORM copies their
 * columns into each entity that extends them (concrete-table inheritance). The migrations own the schema.
 */
export abstract class RecordColumns {
  @PrimaryGeneratedColumn()
  id: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** What staff create and edit live: who created it, and the version each change bumps (pushes carry it). */
export abstract class StaffRecordColumns extends RecordColumns {
  @Column({ name: 'created_by', type: 'integer', nullable: true })
  createdBy: number | null;

  @Column({ type: 'bigint', default: 1 })
  version: string;
}

/**
 * A person as a public form takes them (registrations, applications, both waitlists): their names,
 * and the consent and retention record of the row (migration 1765600000000) — the privacy notice version its person
 * accepted and when (null before notices were versioned), and when retention anonymised it.
 */
export abstract class ConsentColumns extends RecordColumns {
  @Column({ type: 'text' })
  nombre: string;

  @Column({ name: 'apellido_paterno', type: 'text' })
  apellidoPaterno: string;

  @Column({ name: 'apellido_materno', type: 'text' })
  apellidoMaterno: string;

  @Column({ name: 'aviso_version', type: 'integer', nullable: true })
  avisoVersion: number | null;

  @Column({ name: 'aviso_aceptado_at', type: 'timestamptz', nullable: true })
  avisoAceptadoAt: Date | null;

  @Column({ name: 'anonimizado_at', type: 'timestamptz', nullable: true })
  anonimizadoAt: Date | null;
}

/** The same person with their birth date (external registrations and waitlist, program applications). */
export abstract class RegistrantColumns extends ConsentColumns {
  /** YYYY-MM-DD; null once anonymised (retention, migration 1765600000000). */
  @Column({ name: 'fecha_nacimiento', type: 'date', nullable: true })
  fechaNacimiento: string | null;
}
