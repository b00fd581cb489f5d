/**
 * Privacy: ARCO requests (LGPDPPSO arts. 43–56, docs/decisions/privacidad.md) and the mail
 * suppression list (oposición, unsubscribe links). Wire types, enums and limits shared by the API and the web.
 */
import { PERSONA_MAIN_ADDRESS } from './personas.contract';

/** The four ARCO rights (LGPDPPSO arts. 44–47). */
export const ARCO_TYPES = ['acceso', 'rectificacion', 'cancelacion', 'oposicion'] as const;
export type ArcoType = (typeof ARCO_TYPES)[number];

export const ARCO_TYPE_LABELS: Record<ArcoType, string> = {
  acceso: 'Acceso',
  rectificacion: 'Rectificación',
  cancelacion: 'Cancelación',
  oposicion: 'Oposición',
};

/**
 * sin_confirmar: filed, the address not yet proved (staff do not see it; it is deleted when its link expires) ·
 * pendiente: the address was proved (the legal receipt): in the queue, with its due date · atendida: resolved and
 * carried out · improcedente: answered with the reason it does not proceed (nothing changed).
 */
export const ARCO_STATUSES = ['sin_confirmar', 'pendiente', 'atendida', 'improcedente'] as const;
export type ArcoStatus = (typeof ARCO_STATUSES)[number];
/** What the staff queue filters by (an unconfirmed request is never shown). */
export const ARCO_QUEUE_STATUSES = ['pendiente', 'atendida', 'improcedente'] as const;
export type ArcoQueueStatus = (typeof ARCO_QUEUE_STATUSES)[number];

export const ARCO_STATUS_LABELS: Record<ArcoStatus, string> = {
  sin_confirmar: 'Sin confirmar',
  pendiente: 'Pendiente',
  atendida: 'Atendida',
  improcedente: 'Improcedente',
};

/** Limits of the public form (the server's DTO and the web form say the same). */
export const ARCO_LIMITS = { nombre: 200, email: 254, descripcion: 4000, respuesta: 4000 } as const;

/** How long the link that proves the address works; an unconfirmed request is deleted after it. */
export const ARCO_CONFIRM_HOURS = 48;
/** How long the download link of an access export works (the export is deleted after it). */
export const ARCO_EXPORT_DAYS = 15;
/** Requests per page of the queue. */
export const ARCO_PAGE_SIZE = 20;
/** How often the workers look for requests close to their due date, and for expired unconfirmed ones. */
export const ARCO_SWEEP_EVERY_MS = 60 * 60 * 1000;
/** How long an unsubscribe link of a message works. */
export const UNSUBSCRIBE_LINK_DAYS = 365;

/** The one answer of POST /api/privacidad/solicitudes, whatever happened (it never says whether the address is known). */
export const ARCO_FILED_MESSAGE =
  'Recibimos tu solicitud. Te enviamos un correo con un enlace para confirmar tu dirección; tu solicitud se atiende cuando la confirmes.';

export interface ArcoRequestBody {
  tipo: ArcoType;
  nombre: string;
  email: string;
  descripcion?: string;
}

/** One request as the staff queue shows it. */
export interface ArcoRequestResponse {
  id: number;
  folio: string;
  tipo: ArcoType;
  nombre: string;
  email: string;
  descripcion: string | null;
  status: ArcoStatus;
  /** When the address was proved: the legal receipt (null while unconfirmed). */
  recibida_at: string | null;
  /** The last day to answer (YYYY-MM-DD, business days from receipt: LGPDPPSO art. 51). */
  fecha_limite: string | null;
  /** Business days left until the due date (negative: overdue); null once resolved. */
  dias_habiles_restantes: number | null;
  resuelta_at: string | null;
  respuesta: string | null;
  created_at: string;
}

export interface ArcoRequestsPage {
  solicitudes: ArcoRequestResponse[];
  total: number;
  page: number;
  page_size: number;
}

/** The areas where a citizen's data lives (what access exports and the rectification form lists). */
export const PERSONAL_DATA_SOURCES = [
  'registros_eventos',
  'lista_espera_eventos',
  'solicitudes_programas',
  'lista_espera_programas',
  'personas',
  'importaciones_personas',
  'posibles_duplicados',
  'correos',
] as const;
export type PersonalDataSource = (typeof PERSONAL_DATA_SOURCES)[number];

export const PERSONAL_DATA_SOURCE_LABELS: Record<PersonalDataSource, string> = {
  registros_eventos: 'Registros a eventos públicos',
  lista_espera_eventos: 'Listas de espera de eventos',
  solicitudes_programas: 'Solicitudes a programas y servicios',
  lista_espera_programas: 'Listas de espera de programas',
  personas: 'Base de personas',
  importaciones_personas: 'Filas de importaciones de personas que coincidieron con alguien',
  posibles_duplicados: 'Posibles duplicados en la base de personas',
  correos: 'Correos enviados',
};

/** One record held about the address: its area, id, what it is about and its fields (name → value). */
export interface PersonalRecord {
  fuente: PersonalDataSource;
  id: number;
  /** The event or program it belongs to (or the message's subject). */
  referencia: string | null;
  campos: Record<string, string | null>;
  created_at: string;
}

/** The fields each area lets staff correct (rectificación): everything personal, nothing of the area's own workflow. */
export const RECTIFIABLE_FIELDS: Record<
  Exclude<PersonalDataSource, 'correos' | 'importaciones_personas' | 'posibles_duplicados'>,
  readonly string[]
> = {
  registros_eventos: ['nombre', 'apellido_paterno', 'apellido_materno', 'fecha_nacimiento', 'phone', 'email', 'curp', 'empresa'],
  lista_espera_eventos: ['nombre', 'apellido_paterno', 'apellido_materno', 'fecha_nacimiento', 'phone', 'email', 'empresa'],
  solicitudes_programas: [
    'nombre',
    'apellido_paterno',
    'apellido_materno',
    'fecha_nacimiento',
    'celular',
    'correo_electronico',
    'calle',
    'numero',
    'colonia',
    'municipio',
  ],
  lista_espera_programas: ['nombre', 'apellido_paterno', 'apellido_materno', 'celular', 'correo_electronico'],
  personas: [
    'nombre',
    'apellido_paterno',
    'apellido_materno',
    'fecha_nacimiento',
    'telefono_celular',
    'telefono_oficina',
    'correo_electronico',
    ...PERSONA_MAIN_ADDRESS,
  ],
};
export type RectifiableSource = keyof typeof RECTIFIABLE_FIELDS;

/** One correction: a field of one record of one area, and its new value. */
export interface ArcoCorrection {
  fuente: RectifiableSource;
  id: number;
  campo: string;
  valor: string;
}

export const ARCO_RESOLUTIONS = ['procedente', 'improcedente'] as const;
export type ArcoResolution = (typeof ARCO_RESOLUTIONS)[number];

/** POST /api/privacidad/solicitudes/{id}/resolver. */
export interface ArcoResolveBody {
  resultado: ArcoResolution;
  /** What the citizen reads (required when improcedente: the law asks for the reason). */
  respuesta?: string;
  /** Rectificación: the corrections to apply (at least one when procedente). */
  correcciones?: ArcoCorrection[];
}

/** GET /api/privacidad/solicitudes/{id}: the request and what is held about its address. */
export interface ArcoRequestDetail extends ArcoRequestResponse {
  registros: PersonalRecord[];
}

/** The access export (JSON; the HTML is the same, readable). */
export interface PersonalDataExport {
  generado_at: string;
  email: string;
  responsable: string;
  registros: PersonalRecord[];
}

/** GET /api/privacidad/baja/{token}: the address an unsubscribe link is for, masked. */
export interface UnsubscribeView {
  email: string;
  suprimido: boolean;
}

/** The sender's settings shown in the public form and the queue (days of the legal term). */
export interface ArcoPublicInfo {
  plazo_dias_habiles: number;
}

/** A record's field as a person reads it (the export and the staff form); others: the name with spaces. */
export const PERSONAL_FIELD_LABELS: Record<string, string> = {
  nombre: 'Nombre',
  apellido_paterno: 'Apellido paterno',
  apellido_materno: 'Apellido materno',
  fecha_nacimiento: 'Fecha de nacimiento',
  phone: 'Teléfono',
  celular: 'Celular',
  telefono_celular: 'Teléfono celular',
  telefono_oficina: 'Teléfono de oficina',
  extension_oficina: 'Extensión',
  email: 'Correo electrónico',
  correo_electronico: 'Correo electrónico',
  curp: 'CURP',
  rfc: 'RFC',
  empresa: 'Empresa',
  tipo_participante: 'Tipo de participante',
  status: 'Estado',
  codigo: 'Código de acceso',
  calle: 'Calle',
  numero: 'Número',
  colonia: 'Colonia',
  municipio: 'Municipio',
  to_email: 'Destinatario',
  to_name: 'Nombre del destinatario',
  template: 'Tipo de mensaje',
  subject: 'Asunto',
  sent_at: 'Enviado',
};

export function personalFieldLabel(field: string): string {
  const known = PERSONAL_FIELD_LABELS[field];
  if (known) return known;
  const text = field.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
