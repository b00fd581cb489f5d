/** Wire shapes of programs and their registrations (spec 3 §3, §4, §7): pure types, shared with the web app. */

import { EMAIL_MAX_LENGTH } from '../limits';
import type { WaitlistConfirmLine, WaitlistLine } from './waitlist.contract';

/** Spec 3 §6: every programs action is granted by either area's list (or to a super admin). */
export const PROGRAM_PERMISSION_AREAS = ['programas_servicios', 'eventos_externos'] as const;

export const PROGRAMA_TIPOS = ['continuo', 'fecha_especifica'] as const;
export type ProgramaTipo = (typeof PROGRAMA_TIPOS)[number];

export const PROGRAMA_STATUSES = ['draft', 'published', 'closed'] as const;
export type ProgramaStatus = (typeof PROGRAMA_STATUSES)[number];

export const PROGRAM_REGISTRATION_STATUSES = ['pendiente', 'confirmado', 'cancelado'] as const;
export type ProgramRegistrationStatus = (typeof PROGRAM_REGISTRATION_STATUSES)[number];
/** Statuses that hold one of the program's places (participantes_actuales counts them). */
export const PLACE_HOLDING_STATUSES: readonly ProgramRegistrationStatus[] = ['pendiente', 'confirmado'];

export const SI_NO = ['si', 'no'] as const;
export type SiNo = (typeof SI_NO)[number];
export const GIROS_SECTOR = ['alimentos', 'moda', 'tecnologia', 'servicios', 'otro'] as const;
export type GiroSector = (typeof GIROS_SECTOR)[number];
export const TIEMPOS_OPERANDO = ['menos_6_meses', '6_12_meses', 'mas_1_ano'] as const;
export type TiempoOperando = (typeof TIEMPOS_OPERANDO)[number];

/** Spanish labels (spec 3 §2.6). */
export const PROGRAMA_TIPO_LABELS: Record<ProgramaTipo, string> = { continuo: 'Continuo', fecha_especifica: 'Fecha Específica' };
export const PROGRAMA_STATUS_LABELS: Record<ProgramaStatus, string> = { draft: 'Borrador', published: 'Publicado', closed: 'Cerrado' };
export const PROGRAM_REGISTRATION_STATUS_LABELS: Record<ProgramRegistrationStatus, string> = {
  pendiente: 'Pendiente',
  confirmado: 'Confirmado',
  cancelado: 'Cancelado',
};
export const GIRO_SECTOR_LABELS: Record<GiroSector, string> = {
  alimentos: 'Alimentos',
  moda: 'Moda',
  tecnologia: 'Tecnología',
  servicios: 'Servicios',
  otro: 'Otro',
};
export const TIEMPO_OPERANDO_LABELS: Record<TiempoOperando, string> = {
  menos_6_meses: 'Menos de 6 meses',
  '6_12_meses': 'De 6 a 12 meses',
  mas_1_ano: 'Más de 1 año',
};

/** Length limits: the server validates them and the web inputs use them as maxLength. */
export const PROGRAMA_LIMITS = {
  nombre: 200,
  descripcion: 10_000,
  ubicacion: 300,
  /** requisitos and beneficios: at most this many items, each at most this long. */
  listItems: 50,
  listItem: 500,
  maxParticipantes: 1_000_000,
} as const;

export const PROGRAM_REGISTRATION_LIMITS = {
  /** nombre, apellidos, calle, colonia, municipio, nombre_emprendimiento, giro_sector_otro. */
  text: 150,
  numero: 20,
  /** celular: digits, exactly this many (spec 3 §5 'at most 10'; spec 3 §9 phones are 10 digits). */
  celular: 10,
  email: EMAIL_MAX_LENGTH,
  url: 500,
  rfc: 13,
  notas: 2000,
} as const;

/** Staff view (GET/POST/PUT /api/programas-servicios). */
export interface ProgramaResponse {
  id: number;
  slug: string;
  nombre: string;
  descripcion: string;
  tipo: ProgramaTipo;
  fecha_inicio: string | null;
  fecha_fin: string | null;
  ubicacion: string | null;
  max_participantes: number | null;
  status: ProgramaStatus;
  requisitos: string[];
  beneficios: string[];
  es_destacado: boolean;
  participantes_actuales: number;
  /** Places held for the first of the waitlist (offers not yet accepted): not free for anyone else. */
  held_places: number;
  /** People waiting in line (not those holding an offer): the public page shows only this number. */
  waitlist_count: number;
  imagen_url: string | null;
  created_at: string;
  updated_at: string;
}

/** The program form as sent (spec 3 §7): the body of POST and of the full PUT /api/programas-servicios. */
export type ProgramaInput = Pick<
  ProgramaResponse,
  | 'nombre'
  | 'descripcion'
  | 'tipo'
  | 'fecha_inicio'
  | 'fecha_fin'
  | 'ubicacion'
  | 'max_participantes'
  | 'status'
  | 'requisitos'
  | 'beneficios'
>;

/** The answer to POST and PUT /api/programas-servicios. */
export interface ProgramaSaved {
  programa: ProgramaResponse;
  message?: string;
}

/** Public view (GET /api/programas/{slug}): the program, no staff fields, places left (null = no limit). */
export type PublicPrograma = Omit<ProgramaResponse, 'created_at' | 'updated_at'> & { lugares_disponibles: number | null };

export interface ProgramRegistrationResponse {
  id: number;
  programa_id: number;
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string;
  /** These five are null once retention anonymised the application (names 'Anonimizado', e-mail a placeholder). */
  fecha_nacimiento: string | null;
  celular: string | null;
  correo_electronico: string;
  calle: string | null;
  numero: string | null;
  colonia: string | null;
  municipio: string;
  tiene_emprendimiento: SiNo;
  nombre_emprendimiento: string | null;
  giro_sector: GiroSector | null;
  giro_sector_otro: string | null;
  tiempo_operando: TiempoOperando | null;
  tiene_redes_sociales: SiNo | null;
  redes_sociales_enlace: string | null;
  negocio_formalizado: SiNo | null;
  rfc: string | null;
  status: ProgramRegistrationStatus;
  notas: string | null;
  created_at: string;
  updated_at: string;
}

/** The answers about the business: sent only when tiene_emprendimiento is 'si', each only when it applies. */
type BusinessAnswer =
  | 'nombre_emprendimiento'
  | 'giro_sector'
  | 'giro_sector_otro'
  | 'tiempo_operando'
  | 'tiene_redes_sociales'
  | 'redes_sociales_enlace'
  | 'negocio_formalizado'
  | 'rfc';

/** The public application form as sent (spec 3 §3, §5): the body of POST /api/programas/{slug}/register. */
export type ProgramApplicationInput = Pick<
  ProgramRegistrationResponse,
  'nombre' | 'apellido_paterno' | 'apellido_materno' | 'correo_electronico' | 'municipio' | 'tiene_emprendimiento'
> & { [K in 'fecha_nacimiento' | 'celular' | 'calle' | 'numero' | 'colonia']: string } & {
  [K in BusinessAnswer]?: NonNullable<ProgramRegistrationResponse[K]>;
};

/** The answer to POST /api/programas/{slug}/register (201). */
export interface ProgramApplicationAccepted {
  message?: string;
  registration: Pick<ProgramRegistrationResponse, 'id' | 'status'>;
}

/** Counts only: what the public program room may carry. `version` grows with every change of the program row. */
export interface ProgramCounts {
  id: number;
  status: ProgramaStatus;
  max_participantes: number | null;
  participantes_actuales: number;
  held_places: number;
  waitlist_count: number;
  version: string;
}

/** Places left as the public sees them (null = no limit): the limit less registrations and places held for the waitlist. */
export function programPlacesLeft(p: Pick<ProgramCounts, 'max_participantes' | 'participantes_actuales' | 'held_places'>): number | null {
  return p.max_participantes === null ? null : Math.max(p.max_participantes - p.participantes_actuales - p.held_places, 0);
}

// ——— Waitlist of a program with a limit ———

/** One person of a program's waitlist (staff only): who, how to reach them, and their place in line. */
export interface ProgramWaitlistEntryResponse
  extends
    WaitlistLine,
    Pick<ProgramRegistrationResponse, 'nombre' | 'apellido_paterno' | 'apellido_materno' | 'correo_electronico' | 'celular'> {
  id: number;
  programa_id: number;
}

/** GET /api/programas-servicios/{id}/waitlist: the active entries (waiting or offered) in line order. */
export interface ProgramWaitlistResponse {
  entries: ProgramWaitlistEntryResponse[];
}

/** What the accept page shows of a program: nothing personal (a continuous program has no dates). */
export interface LinkProgramView {
  nombre: string;
  slug: string;
  tipo: ProgramaTipo;
  fecha_inicio: string | null;
  fecha_fin: string | null;
  ubicacion: string | null;
}

/** GET /api/lista-espera/programa/confirmar/{token}: the join to confirm. */
export interface ProgramConfirmLinkView extends WaitlistConfirmLine {
  programa: LinkProgramView;
}

/** GET /api/lista-espera/programa/aceptar/{token}: the place offered in a program and until when. */
export interface ProgramOfferLinkView {
  /** The applicant's first name only. */
  nombre: string;
  programa: LinkProgramView;
  oferta_hasta: string;
}
