import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type {
  GiroSector,
  ProgramaStatus,
  ProgramaTipo,
  ProgramRegistrationStatus,
  SiNo,
  TiempoOperando,
} from '@shared/contracts/programs.contract';
import type { MailProgramSnapshot } from '@shared/contracts/mail.contract';
import type { ConsentRecord } from '@shared/contracts/privacy-notice.contract';
import { ProgramaEntity } from '@modules/programs/programa.entity';
import { ProgramRegistrationEntity } from '@modules/programs/program-registration.entity';
import { ProgramsLock } from './programs.locks';
import type { FeaturedFlag } from '@core/database/featured';
import type { SlugTable } from '@core/database/slugs';
import { updateVersioned } from '@core/database/versioned-update';
import type { AnonymizedRows } from '@core/privacy/personal-data-registry';
import { PersonalTable } from '@core/privacy/personal-table';
import { PROGRAM_REGISTRATIONS_PERSONAL_DATA, PROGRAM_ENDED_BEFORE_SQL } from './programs.personal-data';
import { iso } from '@core/format/iso';

/** The table's slug and its one featured program, as the shared core helpers take them. */
export const PROGRAM_SLUGS: SlugTable = { table: 'programas', lock: ProgramsLock.Slug };
export const PROGRAM_FEATURED: FeaturedFlag = { table: 'programas', column: 'es_destacado', lock: ProgramsLock.Featured };

export interface ProgramaFields {
  nombre: string;
  descripcion: string;
  tipo: ProgramaTipo;
  fechaInicio: Date | null;
  fechaFin: Date | null;
  ubicacion: string | null;
  maxParticipantes: number | null;
  status: ProgramaStatus;
  requisitos: string[];
  beneficios: string[];
}

export interface NewProgramRegistration {
  nombre: string;
  apellidoPaterno: string;
  apellidoMaterno: string;
  fechaNacimiento: string;
  celular: string;
  correoElectronico: string;
  calle: string;
  numero: string;
  colonia: string;
  municipio: string;
  tieneEmprendimiento: SiNo;
  nombreEmprendimiento: string | null;
  giroSector: GiroSector | null;
  giroSectorOtro: string | null;
  tiempoOperando: TiempoOperando | null;
  tieneRedesSociales: SiNo | null;
  redesSocialesEnlace: string | null;
  negocioFormalizado: SiNo | null;
  rfc: string | null;
}

/** Every field of an application, in its columns' order; each column is the field's snake_case. */
const APPLICATION_FIELDS = [
  'nombre',
  'apellidoPaterno',
  'apellidoMaterno',
  'fechaNacimiento',
  'celular',
  'correoElectronico',
  'calle',
  'numero',
  'colonia',
  'municipio',
  'tieneEmprendimiento',
  'nombreEmprendimiento',
  'giroSector',
  'giroSectorOtro',
  'tiempoOperando',
  'tieneRedesSociales',
  'redesSocialesEnlace',
  'negocioFormalizado',
  'rfc',
] as const satisfies ReadonlyArray<keyof NewProgramRegistration>;
const toColumn = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The program row's counts after a statement that moved them. */
export interface PlaceRow {
  id: number;
  status: ProgramaStatus;
  maxParticipantes: number | null;
  participantesActuales: number;
  heldPlaces: number;
  waitlistCount: number;
  version: string;
}

export const PLACE_COLUMNS = `id, status, max_participantes AS "maxParticipantes", participantes_actuales AS "participantesActuales",
  held_places AS "heldPlaces", waitlist_count AS "waitlistCount", version::text AS version`;

/** A place is free when the limit is above registrations plus places held for the waitlist (programas_capacity_check). */
const HAS_FREE_PLACE = `(max_participantes IS NULL OR participantes_actuales + held_places < max_participantes)`;

@Injectable()
export class ProgramsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private programs(manager?: EntityManager) {
    return (manager ?? this.ds.manager).getRepository(ProgramaEntity);
  }

  private registrations(manager?: EntityManager) {
    return (manager ?? this.ds.manager).getRepository(ProgramRegistrationEntity);
  }

  // ——— Programs ———

  list(): Promise<ProgramaEntity[]> {
    return this.programs().find({ order: { createdAt: 'DESC', id: 'DESC' } });
  }

  findById(id: number, manager?: EntityManager): Promise<ProgramaEntity | null> {
    return this.programs(manager).findOne({ where: { id } });
  }

  findByIdForUpdate(manager: EntityManager, id: number): Promise<ProgramaEntity | null> {
    return this.programs(manager).createQueryBuilder('p').where('p.id = :id', { id }).setLock('pessimistic_write').getOne();
  }

  findBySlug(slug: string): Promise<ProgramaEntity | null> {
    return this.programs().findOne({ where: { slug } });
  }

  async insert(manager: EntityManager, fields: ProgramaFields & { slug: string; createdBy: number | null }): Promise<ProgramaEntity> {
    const repo = this.programs(manager);
    return repo.save(repo.create(fields));
  }

  async update(manager: EntityManager, id: number, fields: Partial<ProgramaFields> & { esDestacado?: boolean }): Promise<ProgramaEntity> {
    await updateVersioned(this.programs(manager), id, fields);
    return (await this.findById(id, manager))!;
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await this.programs(manager).delete({ id });
  }

  // ——— Places: each move is ONE statement whose WHERE is the capacity rule ———

  /**
   * Takes a place in a published program with room left (places held for the waitlist are not), by slug. Returns the new counts, or null
   * when the program is missing, not published or full. The row lock it takes is held until the
   * transaction ends, so the registration written next commits with its place.
   */
  async takePlaceBySlug(manager: EntityManager, slug: string): Promise<PlaceRow | null> {
    const [rows]: [PlaceRow[], number] = await manager.query(
      `UPDATE programas SET participantes_actuales = participantes_actuales + 1, version = version + 1
        WHERE slug = $1 AND status = 'published' AND ${HAS_FREE_PLACE}
        RETURNING ${PLACE_COLUMNS}`,
      [slug],
    );
    return rows[0] ?? null;
  }

  /** Takes a place back for a reactivated registration; null when the program is full. */
  async takePlaceById(manager: EntityManager, id: number): Promise<PlaceRow | null> {
    const [rows]: [PlaceRow[], number] = await manager.query(
      `UPDATE programas SET participantes_actuales = participantes_actuales + 1, version = version + 1
        WHERE id = $1 AND ${HAS_FREE_PLACE}
        RETURNING ${PLACE_COLUMNS}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async releasePlace(manager: EntityManager, id: number): Promise<PlaceRow> {
    const [rows]: [PlaceRow[], number] = await manager.query(
      `UPDATE programas SET participantes_actuales = greatest(participantes_actuales - 1, 0), version = version + 1
        WHERE id = $1 RETURNING ${PLACE_COLUMNS}`,
      [id],
    );
    return rows[0];
  }

  async counts(manager: EntityManager, id: number): Promise<PlaceRow | null> {
    const rows: PlaceRow[] = await manager.query(`SELECT ${PLACE_COLUMNS} FROM programas WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  // ——— Registrations ———

  listRegistrations(programaId: number): Promise<ProgramRegistrationEntity[]> {
    return this.registrations().find({ where: { programaId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** Locks the program row (every path that moves places or the waitlist takes this lock first) and reads its counts. */
  async lockCounts(manager: EntityManager, id: number): Promise<PlaceRow | null> {
    const rows: PlaceRow[] = await manager.query(`SELECT ${PLACE_COLUMNS} FROM programas WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  }

  async hasRegistrations(manager: EntityManager, programaId: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM programa_registros WHERE programa_id = $1 LIMIT 1`, [programaId]);
    return rows.length > 0;
  }

  findRegistrationForUpdate(manager: EntityManager, programaId: number, id: number): Promise<ProgramRegistrationEntity | null> {
    return this.registrations(manager)
      .createQueryBuilder('r')
      .where('r.id = :id AND r.programa_id = :programaId', { id, programaId })
      .setLock('pessimistic_write')
      .getOne();
  }

  /** Same normalization as the unique index programa_registros_programa_email_key. */
  async emailRegistered(programaId: number, email: string, manager?: EntityManager): Promise<boolean> {
    const rows: unknown[] = await (manager ?? this.ds.manager).query(
      `SELECT 1 FROM programa_registros WHERE programa_id = $1 AND lower(btrim(correo_electronico)) = lower(btrim($2)) LIMIT 1`,
      [programaId, email],
    );
    return rows.length > 0;
  }

  /**
   * Writes a registration unless the e-mail is already registered in the program (the unique index on
   * (programa_id, lower(btrim(correo_electronico))) decides, even between concurrent requests). Null when it was.
   */
  async insertRegistration(
    manager: EntityManager,
    programaId: number,
    r: NewProgramRegistration,
    consent: ConsentRecord,
  ): Promise<ProgramRegistrationEntity | null> {
    const [row]: Array<{ id: number }> = await manager.query(
      `INSERT INTO programa_registros (programa_id, ${APPLICATION_FIELDS.map(toColumn).join(', ')}, aviso_version, aviso_aceptado_at)
       VALUES ($1, ${APPLICATION_FIELDS.map((_, i) => `$${i + 2}`).join(', ')},
         coalesce($21::integer, aviso_privacidad_vigente()), coalesce($22::timestamptz, now()))
       ON CONFLICT DO NOTHING RETURNING id`,
      [programaId, ...APPLICATION_FIELDS.map((f) => r[f]), consent.version, consent.acceptedAt],
    );
    if (!row) return null;
    return this.registrations(manager).findOne({ where: { id: row.id } });
  }

  /** What a message shows of the program (a snapshot: the mail area never reads this table). */
  async mailSnapshot(manager: EntityManager, id: number): Promise<MailProgramSnapshot> {
    const [row] = await manager.query(`SELECT nombre, slug, fecha_inicio, fecha_fin, ubicacion FROM programas WHERE id = $1`, [id]);
    return {
      nombre: row.nombre,
      slug: row.slug,
      fecha_inicio: iso(row.fecha_inicio),
      fecha_fin: iso(row.fecha_fin),
      ubicacion: row.ubicacion,
    };
  }

  /** The id of the caller's transaction: names one change (a status message's key) — a retried change is the same. */
  async changeId(manager: EntityManager): Promise<string> {
    const [row] = await manager.query(`SELECT txid_current()::text AS id`);
    return row.id;
  }

  async setRegistrationStatus(manager: EntityManager, id: number, status: ProgramRegistrationStatus): Promise<ProgramRegistrationEntity> {
    await this.registrations(manager).update({ id }, { status });
    return (await this.registrations(manager).findOne({ where: { id } }))!;
  }

  // ——— Retention: the applications of programs that ended before the cutoff ———

  countEndedBefore(cutoff: Date): Promise<number> {
    return new PersonalTable(this.ds, PROGRAM_REGISTRATIONS_PERSONAL_DATA).countWhere(PROGRAM_ENDED_BEFORE_SQL, [cutoff]);
  }

  /** Anonymised as PROGRAM_REGISTRATIONS_PERSONAL_DATA says (the same rule as an ARCO cancellation), once each; statuses and counts stay. */
  anonymizeEndedBefore(manager: EntityManager, cutoff: Date): Promise<AnonymizedRows> {
    return new PersonalTable(this.ds, PROGRAM_REGISTRATIONS_PERSONAL_DATA).anonymizeWhere(manager, PROGRAM_ENDED_BEFORE_SQL, [cutoff]);
  }
}
