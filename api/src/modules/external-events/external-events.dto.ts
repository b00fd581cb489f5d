import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
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
  EXTERNAL_EVENT_STATUSES,
  TIPOS_PARTICIPANTE,
  type ExternalEventStatus,
} from '@core/contracts/external-events.contract';
import { EMAIL_MAX_LENGTH } from '@core/constants';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ').toUpperCase() : value);
const trimList = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '') : value;

export const MAX_CAPACITY = 1_000_000;

class EventFieldsDto {
  @Transform(trim)
  @IsNotEmpty({ message: 'El título es obligatorio.' })
  @IsString()
  @MaxLength(200)
  title: string;

  @Transform(trim)
  @IsNotEmpty({ message: 'La descripción es obligatoria.' })
  @IsString()
  @MaxLength(10000)
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
  @IsString()
  @MaxLength(300)
  location: string;

  @Type(() => Number)
  @IsInt({ message: 'El cupo debe ser un número entero.' })
  @Min(1, { message: 'El cupo debe ser al menos 1.' })
  @Max(MAX_CAPACITY, { message: 'El cupo es demasiado grande.' })
  max_attendees: number = 50;

  /** Not in the spec's admin payload; shown on the public page (one item per line in the form). */
  @IsOptional()
  @Transform(trimList)
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(500, { each: true })
  requirements?: string[];

  @IsOptional()
  @Transform(trimList)
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(500, { each: true })
  agenda?: string[];
}

export class CreateExternalEventDto extends EventFieldsDto {
  @IsOptional()
  @IsIn(CREATABLE_STATUSES, { message: 'Al crear, el estado debe ser borrador o publicado.' })
  status: ExternalEventStatus = 'draft';
}

export class UpdateExternalEventDto extends EventFieldsDto {
  @IsOptional()
  @IsIn(EXTERNAL_EVENT_STATUSES, { message: 'El estado no es válido.' })
  status?: ExternalEventStatus;

  /** Only an image this server stored (or null to remove it). */
  @IsOptional()
  @ValidateIf((o: UpdateExternalEventDto) => o.image_url !== null)
  @IsString()
  @Matches(/^\/api\/images\/[0-9a-f-]{36}\.(png|jpg|gif)$/i, { message: 'La imagen debe subirse con el botón de imagen.' })
  image_url?: string | null;
}

/** Public registration form (spec 1 §3, §5): validated again on the server. */
export class PublicRegistrationDto {
  @Transform(upper)
  @IsNotEmpty({ message: 'El nombre es obligatorio.' })
  @IsString()
  @MaxLength(100)
  @Matches(/^[\p{L}][\p{L} .'-]*$/u, { message: 'El nombre solo puede contener letras.' })
  nombre: string;

  @Transform(upper)
  @IsNotEmpty({ message: 'El apellido paterno es obligatorio.' })
  @IsString()
  @MaxLength(100)
  @Matches(/^[\p{L}][\p{L} .'-]*$/u, { message: 'El apellido paterno solo puede contener letras.' })
  apellido_paterno: string;

  @Transform(upper)
  @IsNotEmpty({ message: 'El apellido materno es obligatorio.' })
  @IsString()
  @MaxLength(100)
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
  @MaxLength(EMAIL_MAX_LENGTH)
  email: string;

  @IsOptional()
  @Transform(upper)
  @IsString()
  @MaxLength(200)
  empresa?: string | null;

  @IsNotEmpty({ message: 'El tipo de participante es obligatorio.' })
  @IsIn(TIPOS_PARTICIPANTE, { message: 'El tipo de participante no es una opción válida.' })
  tipo_participante: string;
}
