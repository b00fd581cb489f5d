import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsEmail,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Min,
  Max,
  ValidateIf,
} from 'class-validator';
import {
  CREATABLE_STATUSES,
  EXTERNAL_EVENT_LIMITS,
  EXTERNAL_EVENT_STATUSES,
  REGISTRATION_LIMITS,
  TIPOS_PARTICIPANTE,
  type ExternalEventStatus,
} from '@shared/contracts/external-events.contract';
import { EXTERNAL_EVENT_DEFAULT_CAPACITY } from './external-events.constants';
import { Omittable } from '@core/http/omittable.decorator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** NFC: a name typed with a combining accent (I + U+0301) is stored and checked as one letter ('Í'). */
const upper = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().replace(/\s+/g, ' ').toUpperCase().normalize('NFC') : value;
const trimList = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '') : value;

export const MAX_CAPACITY = 1_000_000;

/** Field names as the forms label them (spec 1 §5): the generic fallback would show the wire name. */
const tooLong = (subject: string, max: number) => `${subject} no debe tener más de ${max.toLocaleString('es-MX')} caracteres.`;
const notText = (subject: string) => `${subject} debe ser texto.`;

class EventFieldsDto {
  @Transform(trim)
  @IsNotEmpty({ message: 'El título es obligatorio.' })
  @IsString({ message: notText('El título') })
  @MaxLength(EXTERNAL_EVENT_LIMITS.title, { message: tooLong('El título', EXTERNAL_EVENT_LIMITS.title) })
  title: string;

  @Transform(trim)
  @IsNotEmpty({ message: 'La descripción es obligatoria.' })
  @IsString({ message: notText('La descripción') })
  @MaxLength(EXTERNAL_EVENT_LIMITS.description, { message: tooLong('La descripción', EXTERNAL_EVENT_LIMITS.description) })
  description: string;

  @IsNotEmpty({ message: 'La fecha y hora de inicio es obligatoria.' })
  @IsISO8601({ strict: true }, { message: 'La fecha y hora de inicio no es válida.' })
  event_date: string;

  @IsOptional()
  @ValidateIf((o: EventFieldsDto) => o.end_date !== null && o.end_date !== '')
  @IsISO8601({ strict: true }, { message: 'La fecha de fin no es válida.' })
  end_date?: string | null;

  @Transform(trim)
  @IsNotEmpty({ message: 'La ubicación es obligatoria.' })
  @IsString({ message: notText('La ubicación') })
  @MaxLength(EXTERNAL_EVENT_LIMITS.location, { message: tooLong('La ubicación', EXTERNAL_EVENT_LIMITS.location) })
  location: string;

  /** Required; only creation supplies a default (below), so a PUT without it is refused, not reset to 50. */
  @IsDefined({ message: 'La capacidad es obligatoria.' })
  @IsInt({ message: 'La capacidad debe ser un número entero.' })
  @Min(1, { message: 'La capacidad debe ser al menos 1.' })
  @Max(MAX_CAPACITY, { message: `La capacidad no debe ser mayor que ${MAX_CAPACITY.toLocaleString('es-MX')}.` })
  max_attendees: number;

  /**
   * Not in the spec's payload (docs/decisions/puerta.md): the venue's safety limit for the door, distinct from max_attendees.
   * Absent: unchanged (none on create); null: none.
   */
  @IsOptional()
  @IsInt({ message: 'El aforo máximo del recinto debe ser un número entero.' })
  @Min(1, { message: 'El aforo máximo del recinto debe ser al menos 1.' })
  @Max(MAX_CAPACITY, { message: `El aforo máximo del recinto no debe ser mayor que ${MAX_CAPACITY.toLocaleString('es-MX')}.` })
  aforo_maximo?: number | null;

  /** Not in the spec's admin payload; shown on the public page (one item per line in the form). */
  @IsOptional()
  @Transform(trimList)
  @IsArray({ message: 'Los requisitos deben ser una lista.' })
  @ArrayMaxSize(EXTERNAL_EVENT_LIMITS.listItems, { message: `No puede haber más de ${EXTERNAL_EVENT_LIMITS.listItems} requisitos.` })
  @IsString({ each: true, message: notText('Cada requisito') })
  @MaxLength(EXTERNAL_EVENT_LIMITS.listItem, { each: true, message: tooLong('Cada requisito', EXTERNAL_EVENT_LIMITS.listItem) })
  requirements?: string[];

  @IsOptional()
  @Transform(trimList)
  @IsArray({ message: 'La agenda debe ser una lista.' })
  @ArrayMaxSize(EXTERNAL_EVENT_LIMITS.listItems, { message: `La agenda no puede tener más de ${EXTERNAL_EVENT_LIMITS.listItems} puntos.` })
  @IsString({ each: true, message: notText('Cada punto de la agenda') })
  @MaxLength(EXTERNAL_EVENT_LIMITS.listItem, { each: true, message: tooLong('Cada punto de la agenda', EXTERNAL_EVENT_LIMITS.listItem) })
  agenda?: string[];
}

export class CreateExternalEventDto extends EventFieldsDto {
  /** Spec 1 §3, §9: default capacity 50 when the creation payload leaves it out. */
  override max_attendees: number = EXTERNAL_EVENT_DEFAULT_CAPACITY;

  @Omittable()
  @IsIn(CREATABLE_STATUSES, { message: 'Al crear, el estado debe ser borrador o publicado.' })
  status: ExternalEventStatus = 'draft';
}

/** PUT carries the whole create payload plus image_url (spec 1 §7): max_attendees included, with no default. */
export class UpdateExternalEventDto extends EventFieldsDto {
  @Omittable()
  @IsIn(EXTERNAL_EVENT_STATUSES, { message: 'El estado no es válido.' })
  status?: ExternalEventStatus;

  /** Only an image this server stored (or null to remove it). */
  @IsOptional()
  @ValidateIf((o: UpdateExternalEventDto) => o.image_url !== null)
  @IsString({ message: 'La imagen debe subirse con el botón de imagen.' })
  @Matches(/^\/api\/images\/[0-9a-f-]{36}\.(png|jpg|gif)$/i, { message: 'La imagen debe subirse con el botón de imagen.' })
  image_url?: string | null;
}

/** Public registration form (spec 1 §3, §5): validated again on the server. */
export class PublicRegistrationDto {
  @Transform(upper)
  @IsNotEmpty({ message: 'El nombre es obligatorio.' })
  @IsString({ message: notText('El nombre') })
  @MaxLength(REGISTRATION_LIMITS.name, { message: tooLong('El nombre', REGISTRATION_LIMITS.name) })
  @Matches(/^[\p{L}][\p{L} .'-]*$/u, { message: 'El nombre solo puede contener letras.' })
  nombre: string;

  @Transform(upper)
  @IsNotEmpty({ message: 'El apellido paterno es obligatorio.' })
  @IsString({ message: notText('El apellido paterno') })
  @MaxLength(REGISTRATION_LIMITS.name, { message: tooLong('El apellido paterno', REGISTRATION_LIMITS.name) })
  @Matches(/^[\p{L}][\p{L} .'-]*$/u, { message: 'El apellido paterno solo puede contener letras.' })
  apellido_paterno: string;

  @Transform(upper)
  @IsNotEmpty({ message: 'El apellido materno es obligatorio.' })
  @IsString({ message: notText('El apellido materno') })
  @MaxLength(REGISTRATION_LIMITS.name, { message: tooLong('El apellido materno', REGISTRATION_LIMITS.name) })
  @Matches(/^[\p{L}][\p{L} .'-]*$/u, { message: 'El apellido materno solo puede contener letras.' })
  apellido_materno: string;

  @IsNotEmpty({ message: 'La fecha de nacimiento es obligatoria.' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'La fecha de nacimiento debe tener el formato AAAA-MM-DD.' })
  fecha_nacimiento: string;

  @Transform(trim)
  @IsNotEmpty({ message: 'El teléfono es obligatorio.' })
  @Matches(/^\d{10}$/, { message: 'El teléfono debe tener exactamente 10 dígitos.' })
  phone: string;

  @Transform(upper)
  @IsNotEmpty({ message: 'El correo electrónico es obligatorio.' })
  @IsEmail({}, { message: 'El correo electrónico no es válido.' })
  @MaxLength(REGISTRATION_LIMITS.email, { message: tooLong('El correo electrónico', REGISTRATION_LIMITS.email) })
  email: string;

  @IsOptional()
  @Transform(upper)
  @IsString({ message: notText('La empresa') })
  @MaxLength(REGISTRATION_LIMITS.empresa, { message: tooLong('La empresa', REGISTRATION_LIMITS.empresa) })
  empresa?: string | null;

  @IsNotEmpty({ message: 'El tipo de participante es obligatorio.' })
  @IsIn(TIPOS_PARTICIPANTE, { message: 'El tipo de participante no es una opción válida.' })
  tipo_participante: string;

  /** The privacy notice version the form showed; without it, the current one is recorded. */
  @IsOptional()
  @IsInt({ message: 'La versión del aviso de privacidad debe ser un número entero.' })
  @Min(1, { message: 'La versión del aviso de privacidad no es válida.' })
  @Max(2147483647, { message: 'La versión del aviso de privacidad no es válida.' })
  aviso_version?: number;
}
