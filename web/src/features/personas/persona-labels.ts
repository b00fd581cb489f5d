/** Spanish labels and small display rules of the people database (spec 3 §2.1–2.5, §4). */
import type { CatalogueType, CompletenessLevel, PersonaResponse } from '@shared/contracts/personas.contract';

export const COMPLETENESS_LABELS: Record<CompletenessLevel, string> = {
  green: 'Completo',
  orange: 'Intermedio',
  red: 'Básico',
};

/** The completeness select, in the order of spec 3 §2.1. */
export const COMPLETENESS_OPTIONS: Array<{ value: CompletenessLevel; label: string }> = [
  { value: 'red', label: 'Básico' },
  { value: 'orange', label: 'Intermedio' },
  { value: 'green', label: 'Completo' },
];

/** The level a person reaches next (what `missing_fields` is measured against). */
export const NEXT_LEVEL: Record<CompletenessLevel, CompletenessLevel | null> = {
  red: 'orange',
  orange: 'green',
  green: null,
};

/** 'Agregar {type}' (spec 3 §2.3). */
export const CATALOGUE_LABELS: Record<CatalogueType, string> = {
  profesion: 'Profesión',
  sector: 'Sector',
  empresa: 'Empresa',
  puesto: 'Puesto',
  zona: 'Zona',
};

/** Where each catalogue lives in the lookup data. */
export const CATALOGUE_LISTS: Record<CatalogueType, 'profesiones' | 'sectores' | 'empresas' | 'puestos' | 'zonas'> = {
  profesion: 'profesiones',
  sector: 'sectores',
  empresa: 'empresas',
  puesto: 'puestos',
  zona: 'zonas',
};

export type CatalogueListKey = (typeof CATALOGUE_LISTS)[CatalogueType];

export const MONTHS = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
] as const;

/** Field names of the person form, for 'Errores de validación:' lines and the view modal. */
export const PERSONA_FIELD_LABELS: Record<string, string> = {
  profesion_id: 'Profesión',
  nombre: 'Nombre',
  apellido_paterno: 'Apellido paterno',
  apellido_materno: 'Apellido materno',
  fecha_nacimiento: 'Fecha de nacimiento',
  sector_id: 'Sector',
  empresa_id: 'Empresa',
  puesto_id: 'Puesto',
  particular_asistente: 'Particular / Asistente',
  telefono_oficina: 'Teléfono oficina',
  extension_oficina: 'Extensión',
  telefono_celular: 'Teléfono celular',
  correo_electronico: 'Correo electrónico',
  direccion_calle: 'Calle',
  direccion_numero: 'Número',
  direccion_colonia: 'Colonia',
  direccion_ciudad: 'Ciudad',
  direccion_estado: 'Estado',
  direccion_alterna_calle: 'Calle (dirección alterna)',
  direccion_alterna_numero: 'Número (dirección alterna)',
  direccion_alterna_colonia: 'Colonia (dirección alterna)',
  direccion_alterna_ciudad: 'Ciudad (dirección alterna)',
  direccion_alterna_estado: 'Estado (dirección alterna)',
  zona_id: 'Zona',
  invita: 'Invita',
};

/** The server's full name, or the parts joined. */
export function personaName(p: Pick<PersonaResponse, 'nombre' | 'apellido_paterno' | 'apellido_materno' | 'nombre_completo'>): string {
  if (p.nombre_completo?.trim()) return p.nombre_completo.trim();
  return [p.nombre, p.apellido_paterno, p.apellido_materno]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

/** "81 1234 5678" for 10 digits; anything else as stored. */
export function formatPhone(value: string | null | undefined): string {
  const digits = (value ?? '').trim();
  if (/^\d{10}$/.test(digits)) return `${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`;
  return digits;
}

/** The office phone with its extension ("81 1234 5678 ext. 12"), the extension alone when there is no phone, or null. */
export function formatOfficePhone(phone: string | null | undefined, extension: string | null | undefined): string | null {
  const ext = extension?.trim() ? `ext. ${extension.trim()}` : '';
  if (!phone?.trim()) return ext || null;
  return ext ? `${formatPhone(phone)} ${ext}` : formatPhone(phone);
}

/** Spec 3 §2.4: 'street, #number, colonia, ciudad, estado' (missing parts left out); null without a street. */
export function formatAddress(parts: {
  calle: string | null;
  numero: string | null;
  colonia: string | null;
  ciudad: string | null;
  estado: string | null;
}): string | null {
  const calle = parts.calle?.trim();
  if (!calle) return null;
  const numero = parts.numero?.trim();
  return [calle, numero ? `#${numero}` : '', parts.colonia?.trim(), parts.ciudad?.trim(), parts.estado?.trim()].filter(Boolean).join(', ');
}

const fileSize = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 });

/** "834 B", "12.4 KB", "3.2 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${fileSize.format(bytes / 1024)} KB`;
  return `${fileSize.format(bytes / (1024 * 1024))} MB`;
}

const count = new Intl.NumberFormat('es-MX');
const percent = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 });

export function formatCount(value: number): string {
  return count.format(value);
}

export function formatPercent(value: number): string {
  return `${percent.format(Number.isFinite(value) ? value : 0)}%`;
}
