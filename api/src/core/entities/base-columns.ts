import { Column, CreateDateColumn, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * Columns that most tables share, written once. These classes are not tables: TypeORM copies their
 * columns into each entity that extends them (concrete-table inheritance). The migrations own the schema.
 */
export abstract class TimestampColumns {
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** A row with a serial id and its timestamps. */
export abstract class RecordColumns extends TimestampColumns {
  @PrimaryGeneratedColumn()
  id: number;
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
 * and the consent and retention record of the row (baseline migration) — the privacy notice version its person
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
  /** YYYY-MM-DD; null once anonymised (retention, baseline migration). */
  @Column({ name: 'fecha_nacimiento', type: 'date', nullable: true })
  fechaNacimiento: string | null;
}

/**
 * What a user was granted to act with (a session, a personal API token): whose it is (deleting the user deletes it),
 * when it was issued, until when it works, and when it was revoked. Each entity gives its own id.
 */
export abstract class GrantColumns {
  @Index()
  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}

/**
 * Where a change came from and what it touched, as the outbox records it (domain_events) and the audit trail copies
 * it (audit_logs): the client's address, the API token it was made with (null: a session or the system; no foreign
 * key, the trail outlives the token) and the resource.
 */
export abstract class ChangeOriginColumns {
  @Column({ type: 'text', nullable: true })
  ip: string | null;

  @Column({ name: 'api_token_id', type: 'integer', nullable: true })
  apiTokenId: number | null;

  @Column({ name: 'resource_type', type: 'text', nullable: true })
  resourceType: string | null;

  @Column({ name: 'resource_id', type: 'text', nullable: true })
  resourceId: string | null;
}
