/**
 * The two waitlists (external events, programs) as the one waitlist behaviour suite drives them (waitlist.int-spec.ts):
 * each area's paths, tables, words, messages and pushes, and how a place is freed there. The helpers below the adapters
 * work for either.
 */
import type { JobName } from '../../api/src/shared/jobs/jobs';
import { SignedLinks, type LinkPurpose } from '../../api/src/core/links/signed-links';
import { ROOMS } from '../../api/src/shared/events/socket-events';
import { createEvent, registerForEvent, registrationBody } from '../factories/external-events';
import { applicationBody, createPrograma, programaBody, registerForProgram } from '../factories/programs';
import { nextPush, type TestApp, type TestSocket } from '../setup/test-app';
import { queuedMails, type QueuedIntent } from '../mail/mail-factories';

type Answer = ReturnType<ReturnType<TestApp['http']>['post']>;
/** A wire object as the suite reads it (field by field). */
type Row = Record<string, unknown>;
const row = (x: object) => x as Row;

export interface Owner {
  id: number;
  slug: string;
  /** The title (event) or name (program). */
  name: string;
}

/** The owner's counters and what the rows say (checked by `places`). */
export interface Place {
  max: number | null;
  current: number;
  held: number;
  waiting: number;
  registered: number;
  offered: number;
  in_line: number;
}

export interface WaitlistArea {
  name: string;
  table: string;
  ownerTable: string;
  ownerColumn: string;
  emailColumn: string;
  /** The partial unique index of one active entry per address. */
  emailIndex: string;
  /** Columns (and their values) a raw entry needs besides owner, address and line (the control tests write rows directly). */
  rawEntry: { columns: string; values: string };
  purposes: { confirm: LinkPurpose; accept: LinkPurpose };
  /** The other waitlist's offer purpose: its token never names a row of this table. */
  otherAccept: LinkPurpose;
  paths: { confirm: string; accept: string; join: (slug: string) => string; staff: (id: number) => string };
  /** An owner (published) with this limit. */
  create(t: TestApp, admin: string, limit: number | null, overrides?: Record<string, unknown>): Promise<Owner>;
  /** Registers person i directly: the registration's id. */
  register(t: TestApp, owner: Owner, i: number): Promise<number>;
  registerAnswer(t: TestApp, owner: Owner, i: number): Answer;
  joinBody(i: number, overrides?: Record<string, unknown>): Record<string, unknown>;
  /** The same address as person i's, written otherwise (case and spaces), with another name. */
  sameAddress(i: number): Record<string, unknown>;
  /** A body the form refuses, and the errors it answers. */
  badJoin: { overrides: Record<string, unknown>; errors: Record<string, string[]> };
  /** How a registration gives its place back here (events: the citizen's cancel link; programs: staff set cancelado). */
  free(t: TestApp, admin: string, owner: Owner, registrationId: number): Answer;
  /** Staff change the owner's limit (status as given, or published): the answer. */
  setLimit(t: TestApp, admin: string, owner: Owner, limit: number | null, status?: string): Answer;
  closedStatus: string;
  /** The owner's limit and registrations holding a place: its wire field, its columns. */
  capacityField: string;
  columns: { capacity: string; taken: string };
  /** Person i's address as stored, and as the messages to them carry it; their first and full name. */
  email(i: number): string;
  mailTo(i: number): string;
  firstName: string;
  fullName: string;
  templates: { confirm: string; offer: string };
  keys: { confirm: (id: number) => string; registered: RegExp; offer: (id: number, n: number) => string };
  refType: string;
  /** What every message of the line says about the owner. */
  ownerMail(owner: Owner): Record<string, unknown>;
  /** What a link page shows of the owner. */
  facts(owner: Owner): Record<string, unknown>;
  /** The public page: its counts (asserted with toMatchObject, `counts`) and the whole body (`pagePersonal` absent). */
  publicPage(t: TestApp, owner: Owner): Promise<{ counts: Record<string, unknown>; body: unknown }>;
  counts(c: { current: number; held: number; waiting: number }): Record<string, unknown>;
  /** Staff permissions that see the line (and may not remove from it). */
  viewer: Record<string, string[]>;
  events: { joined: string; ownerKey: string };
  rooms: { staff: (id: number) => string; public: (id: number) => string };
  /** The next push of an entry (to the staff room) that `where` accepts, of the owner's counts (public room), of a registration. */
  entryPush(board: TestSocket, where: (entry: Row) => boolean): Promise<Row>;
  countsPush(anon: TestSocket, where: (counts: Row) => boolean): Promise<{ counts: Row; data: unknown }>;
  registrationPush(board: TestSocket): Promise<Row>;
  /** The entry's address field on the staff list and in its pushes. */
  entryEmail: string;
  /** Personal data a public push must not carry, and a public page (which names its own fields alike) must not show. */
  personal: RegExp;
  pagePersonal: RegExp;
  messages: { placesAvailable: string; offerUsed: string; closed: string };
  /** Registrations: their table, the status a new one has, a cancelled one's, and the key of the message a new one gets. */
  registration: { table: string; status: string; cancelled: string; mailKey: (id: number) => string };
  jobs: {
    expire: JobName;
    expireId: (id: number, n: number) => string;
    sweep: () => Promise<new (...args: never[]) => { handle(): Promise<void> }>;
  };
}

const LOCATION = 'Parque Fundidora, Monterrey';

export const EVENTS: WaitlistArea = {
  name: 'an external event',
  table: 'external_waitlist',
  ownerTable: 'external_events',
  ownerColumn: 'event_id',
  emailColumn: 'email',
  emailIndex: 'external_waitlist_event_email_key',
  rawEntry: { columns: 'nombre, apellido_paterno, apellido_materno, tipo_participante', values: `'A', 'B', 'C', 'Otro'` },
  purposes: { confirm: 'confirm-waitlist-join', accept: 'accept-waitlist-offer' },
  otherAccept: 'accept-program-waitlist-offer',
  paths: {
    confirm: '/api/lista-espera/confirmar/',
    accept: '/api/lista-espera/aceptar/',
    join: (slug) => `/api/eventos/${slug}/waitlist`,
    staff: (id) => `/api/eventos-externos/${id}/waitlist`,
  },
  async create(t, admin, limit, overrides = {}) {
    const e = await createEvent(t, admin, { max_attendees: limit, ...overrides });
    return { id: e.id, slug: e.slug, name: e.title };
  },
  async register(t, owner, i) {
    return (await registerForEvent(t, owner.slug, registrationBody(i)).expect(201)).body.registration.id;
  },
  registerAnswer: (t, owner, i) => registerForEvent(t, owner.slug, registrationBody(i)),
  joinBody: registrationBody,
  sameAddress: (i) => ({ email: ` Persona${i}@Correo.MX `, nombre: 'OTRO NOMBRE' }),
  badJoin: {
    overrides: { phone: '123', extra: 1 },
    errors: { phone: ['El teléfono debe tener exactamente 10 dígitos.'], extra: ['El campo extra no está permitido.'] },
  },
  free: (t, _admin, _owner, id) =>
    t
      .http()
      .post(`/api/registros/cancelar/${t.app.get(SignedLinks).sign('cancel-registration', id, new Date('2027-03-15T16:00:00.000Z'))}`),
  setLimit: (t, admin, owner, limit, status = 'published') =>
    t.as(admin).put(`/api/eventos-externos/${owner.id}`).send({
      title: owner.name,
      description: 'Encuentro de empresas regiomontanas con buscadores de empleo.',
      event_date: '2027-03-15T16:00:00.000Z',
      end_date: '2027-03-15T22:00:00.000Z',
      location: LOCATION,
      max_attendees: limit,
      status,
    }),
  closedStatus: 'cancelled',
  capacityField: 'max_attendees',
  columns: { capacity: 'max_attendees', taken: 'current_attendees' },

  email: (i) => `PERSONA${i}@CORREO.MX`,
  mailTo: (i) => `persona${i}@correo.mx`,
  firstName: 'JOSÉ ÁNGEL',
  fullName: 'JOSÉ ÁNGEL GARZA PEÑA',
  templates: { confirm: 'lista-espera.confirmar', offer: 'lista-espera.oferta' },
  keys: {
    confirm: (id) => `lista-espera.confirmar:${id}`,
    registered: /^lista-espera\.ya-registrado:\d+:\d{10}$/,
    offer: (id, n) => `lista-espera.oferta:${id}:${n}`,
  },
  refType: 'evento-externo',
  ownerMail: (e) => ({
    evento_id: e.id,
    slug: e.slug,
    evento: { titulo: e.name, inicio: '2027-03-15T16:00:00.000Z', fin: '2027-03-15T22:00:00.000Z', lugar: LOCATION },
  }),
  facts: (e) => ({
    evento: {
      titulo: e.name,
      slug: e.slug,
      event_date: '2027-03-15T16:00:00.000Z',
      end_date: '2027-03-15T22:00:00.000Z',
      location: LOCATION,
    },
  }),
  async publicPage(t, e) {
    const { body } = await t.http().get(`/api/eventos/${e.slug}`).expect(200);
    return { counts: body.event, body };
  },
  counts: (c) => ({ current_attendees: c.current, held_places: c.held, waitlist_count: c.waiting }),
  viewer: { eventos_externos: ['view'] },
  events: { joined: 'waitlist.joined', ownerKey: 'event_id' },
  rooms: { staff: ROOMS.externalEvent, public: ROOMS.publicEvent },
  entryPush: async (board, where) => row((await nextPush(board, 'waitlist.entry', undefined, (m) => where(row(m.data.entry)))).data.entry),
  countsPush: async (anon, where) => {
    const m = await nextPush(anon, 'event.counts', undefined, (p) => where(row(p.data.counts[0])));
    return { counts: row(m.data.counts[0]), data: m.data };
  },
  registrationPush: async (board) => row((await nextPush(board, 'registrations.created')).data.registrations[0]),
  entryEmail: 'email',
  personal: /nombre|apellido|email|phone|curp|fecha_nacimiento|codigo|@|GARZA|PEÑA|811\d{7}/i,
  pagePersonal: /PERSONA\d|GARZA|PEÑA|811\d{7}/i,
  messages: {
    placesAvailable: 'Aún hay lugares disponibles: regístrate directamente.',
    offerUsed: 'Ya aceptaste este lugar: tu registro está confirmado.',
    closed: 'El registro de este evento ya está cerrado.',
  },
  registration: {
    table: 'external_registrations',
    status: 'registered',
    cancelled: 'cancelled',
    mailKey: (id) => `registro.confirmacion:${id}`,
  },
  jobs: {
    expire: 'waitlist.expire-offer',
    expireId: (id, n) => `waitlist-expire-${id}-${n}`,
    sweep: async () => (await import('../../api/src/modules/external-events/jobs/waitlist-offer-expiry.job')).WaitlistSweepJob,
  },
};

const PROGRAM_PLACE = 'PALACIO MUNICIPAL, MONTERREY';

export const PROGRAMS: WaitlistArea = {
  name: 'a program with a participant limit',
  table: 'programa_lista_espera',
  ownerTable: 'programas',
  ownerColumn: 'programa_id',
  emailColumn: 'correo_electronico',
  emailIndex: 'programa_lista_espera_email_key',
  rawEntry: {
    columns: 'nombre, apellido_paterno, apellido_materno, celular, solicitud',
    values: `'A', 'B', 'C', '8100000000', '{}'::jsonb`,
  },
  purposes: { confirm: 'confirm-program-waitlist-join', accept: 'accept-program-waitlist-offer' },
  otherAccept: 'accept-waitlist-offer',
  paths: {
    confirm: '/api/lista-espera/programa/confirmar/',
    accept: '/api/lista-espera/programa/aceptar/',
    join: (slug) => `/api/programas/${slug}/waitlist`,
    staff: (id) => `/api/programas-servicios/${id}/waitlist`,
  },
  async create(t, admin, limit, overrides = {}) {
    const p = await createPrograma(t, admin, { max_participantes: limit, ...overrides });
    return { id: p.id, slug: p.slug, name: p.nombre };
  },
  async register(t, owner, i) {
    return (await registerForProgram(t, owner.slug, applicationBody(i)).expect(201)).body.registration.id;
  },
  registerAnswer: (t, owner, i) => registerForProgram(t, owner.slug, applicationBody(i)),
  joinBody: applicationBody,
  sameAddress: (i) => ({ correo_electronico: ` Solicitante${i}@Correo.MX `, nombre: 'Otro' }),
  badJoin: {
    overrides: { celular: '123', extra: 1 },
    errors: { celular: ['El celular debe tener 10 dígitos.'], extra: ['El campo extra no está permitido.'] },
  },
  free: (t, admin, owner, id) =>
    t.as(admin).put(`/api/programas-servicios/${owner.id}/registrations/${id}/status`).send({ status: 'cancelado' }) as Answer,
  setLimit: (t, admin, owner, limit, status = 'published') =>
    t
      .as(admin)
      .put(`/api/programas-servicios/${owner.id}`)
      .send(programaBody({ nombre: owner.name, max_participantes: limit, status })) as Answer,
  closedStatus: 'closed',
  capacityField: 'max_participantes',
  columns: { capacity: 'max_participantes', taken: 'participantes_actuales' },

  email: (i) => `SOLICITANTE${i}@CORREO.MX`,
  mailTo: (i) => `SOLICITANTE${i}@CORREO.MX`,
  firstName: 'María José',
  fullName: 'María José Treviño Garza',
  templates: { confirm: 'programa.lista-espera-confirmar', offer: 'programa.lista-espera-oferta' },
  keys: {
    confirm: (id) => `programa.lista-espera-confirmar:${id}`,
    registered: /^programa\.lista-espera-ya-registrado:\d+:\d{10}$/,
    offer: (id, n) => `programa.lista-espera-oferta:${id}:${n}`,
  },
  refType: 'programa',
  ownerMail: (p) => ({
    programa_id: p.id,
    programa: { nombre: p.name, slug: p.slug, fecha_inicio: null, fecha_fin: null, ubicacion: PROGRAM_PLACE },
  }),
  facts: (p) => ({
    programa: { nombre: p.name, slug: p.slug, tipo: 'continuo', fecha_inicio: null, fecha_fin: null, ubicacion: PROGRAM_PLACE },
  }),
  async publicPage(t, p) {
    const { body } = await t.http().get(`/api/programas/${p.slug}`).expect(200);
    return { counts: body.programa, body };
  },
  counts: (c) => ({ participantes_actuales: c.current, held_places: c.held, waitlist_count: c.waiting }),
  viewer: { programas_servicios: ['view', 'edit'] },
  events: { joined: 'program-waitlist.joined', ownerKey: 'programa_id' },
  rooms: { staff: ROOMS.program, public: ROOMS.publicProgram },
  entryPush: async (board, where) =>
    row((await nextPush(board, 'program-waitlist.entry', undefined, (m) => where(row(m.data.entry)))).data.entry),
  countsPush: async (anon, where) => {
    const m = await nextPush(anon, 'program.counts', undefined, (p) => where(row(p.data.counts)));
    return { counts: row(m.data.counts), data: m.data };
  },
  registrationPush: async (board) => row((await nextPush(board, 'program-registration.created')).data.registration),
  entryEmail: 'correo_electronico',
  personal: /correo_electronico|celular|apellido|calle|colonia|rfc|@|María|Treviño|812\d{7}/i,
  pagePersonal: /correo_electronico|celular|apellido|calle|colonia|rfc|@|María|Treviño|812\d{7}/i,
  messages: {
    placesAvailable: 'Aún hay lugares disponibles en este programa: regístrate directamente.',
    offerUsed: 'Ya aceptaste este lugar: tu solicitud fue registrada.',
    closed: 'Este programa ya no recibe solicitudes.',
  },
  registration: {
    table: 'programa_registros',
    status: 'pendiente',
    cancelled: 'cancelado',
    mailKey: (id) => `programa.solicitud-recibida:${id}`,
  },
  jobs: {
    expire: 'program-waitlist.expire-offer',
    expireId: (id, n) => `program-waitlist-expire-${id}-${n}`,
    sweep: async () => (await import('../../api/src/modules/programs/jobs/program-waitlist-offer-expiry.job')).ProgramWaitlistSweepJob,
  },
};

export const AREAS: ReadonlyArray<[string, WaitlistArea]> = [
  ['external events', EVENTS],
  ['programs', PROGRAMS],
];

// ——— Helpers for either area ———

/** The owner's counters and what the rows say, unchecked. */
export async function placesOf(t: TestApp, a: WaitlistArea, id: number): Promise<Place> {
  const count = (table: string, where: string) =>
    `(SELECT count(*)::int FROM ${table} x WHERE x.${a.ownerColumn} = o.id AND x.status ${where})`;
  const [row] = await t.query<Place>(
    `SELECT o.${a.columns.capacity} AS max, o.${a.columns.taken} AS current, o.held_places AS held, o.waitlist_count AS waiting,
            ${count(a.registration.table, `<> '${a.registration.cancelled}'`)} AS registered,
            ${count(a.table, `= 'offered'`)} AS offered, ${count(a.table, `= 'waiting'`)} AS in_line
       FROM ${a.ownerTable} o WHERE o.id = $1`,
    [id],
  );
  return row;
}

/** The owner's counters and what the rows say: they must always agree, and never exceed the limit. */
export async function places(t: TestApp, a: WaitlistArea, id: number): Promise<Place> {
  const row = await placesOf(t, a, id);
  expect(row.current).toBe(row.registered);
  expect(row.held).toBe(row.offered);
  expect(row.waiting).toBe(row.in_line);
  if (row.max !== null) expect(row.current + row.held).toBeLessThanOrEqual(row.max);
  return row;
}

export const join = (t: TestApp, a: WaitlistArea, slug: string, i: number, overrides: Record<string, unknown> = {}) =>
  t.http().post(a.paths.join(slug)).send(a.joinBody(i, overrides));

/** Person i's latest entry in the owner's line. */
export async function entryId(t: TestApp, a: WaitlistArea, ownerId: number, i: number): Promise<number> {
  const [row] = await t.query<{ id: number }>(
    `SELECT id FROM ${a.table} WHERE ${a.ownerColumn} = $1 AND lower(${a.emailColumn}) = lower($2) ORDER BY id DESC LIMIT 1`,
    [ownerId, a.email(i)],
  );
  return row.id;
}

export interface Offer {
  status: string;
  offered_until: Date | null;
  offer_count: number;
  confirm_until: Date | null;
  confirmed_at: Date | null;
}

export async function entry(t: TestApp, a: WaitlistArea, id: number): Promise<Offer> {
  const [row] = await t.query<Offer>(
    `SELECT status, offered_until, offer_count, confirm_until, confirmed_at FROM ${a.table} WHERE id = $1`,
    [id],
  );
  return row;
}

/** The confirm link the join's message carries (signed as the renderer signs it: the entry, until confirm_until). */
export async function confirmToken(t: TestApp, a: WaitlistArea, id: number): Promise<string> {
  return t.app.get(SignedLinks).sign(a.purposes.confirm, id, (await entry(t, a, id)).confirm_until!);
}

/** The accept link the offer's message carries (the entry, until offered_until). */
export async function acceptToken(t: TestApp, a: WaitlistArea, id: number): Promise<string> {
  return t.app.get(SignedLinks).sign(a.purposes.accept, id, (await entry(t, a, id)).offered_until!);
}

export const confirm = async (t: TestApp, a: WaitlistArea, id: number) =>
  t
    .http()
    .post(`${a.paths.confirm}${await confirmToken(t, a, id)}`)
    .expect(200);

/** Joins and follows the confirm link: the person is in line. */
export async function joinConfirmed(t: TestApp, a: WaitlistArea, owner: Owner, i: number, body = a.joinBody(i)): Promise<number> {
  await t.http().post(a.paths.join(owner.slug)).send(body).expect(202);
  const id = await entryId(t, a, owner.id, i);
  await confirm(t, a, id);
  return id;
}

/** A full owner (limit n, n registrations) with people waiting (persons base+100…). */
export async function fullWithLine(t: TestApp, a: WaitlistArea, admin: string, limit: number, waiting: number, base: number) {
  const owner = await a.create(t, admin, limit);
  const registrations: number[] = [];
  for (let i = 0; i < limit; i++) registrations.push(await a.register(t, owner, base + i));
  for (let i = 0; i < waiting; i++) await joinConfirmed(t, a, owner, base + 100 + i);
  return { owner, registrations };
}

/** An app's settings for the waitlist suites: public writes and joins unlimited (but where `env` says otherwise), and `env`. */
export const waitlistSettings = (env: Record<string, string> = {}) => ({
  env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000', WAITLIST_JOIN_LIMIT_PER_MINUTE: '100000', ...env },
});

/** The stored messages of a template about an owner, oldest first. */
export function mails(t: TestApp, a: WaitlistArea, template: string, ownerId: number): Promise<QueuedIntent[]> {
  return queuedMails(t, 'template = $1 AND ref_id = $2', [template, ownerId]);
}

/** What every well-formed join of a full list answers, whoever the address is. */
export const JOIN_SENT = {
  message: 'Te enviamos un correo para confirmar tu lugar en la lista de espera. Revisa tu bandeja de entrada (y la de correo no deseado).',
};
export const LINK_INVALID = {
  message: 'El enlace no es válido. Revisa que esté completo, tal como llegó en tu correo.',
  code: 'LINK_INVALID',
};
export const OFFER_EXPIRED = 'La oferta expiró y el lugar pasó a la siguiente persona en la lista de espera.';
