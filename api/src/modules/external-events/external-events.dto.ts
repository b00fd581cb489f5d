import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, Matches, ValidateIf } from 'class-validator';
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
import {
  IntFrom,
  NoticeVersion,
  PersonName,
  RequiredBirthDate,
  RequiredEmail,
  RequiredText,
  RequirementList,
  TextList,
  TextOf,
  trim,
  upper,
} from '@core/http/dto-fields';

export const MAX_CAPACITY = 1_000_000;

/** Field names as the forms label them (spec 1 §5): the generic fallback would show the wire name. */
class EventFieldsDto {
  @RequiredText('El título', EXTERNAL_EVENT_LIMITS.title)
  title: string;

  @RequiredText('La descripción', EXTERNAL_EVENT_LIMITS.description)
  description: string;

  @IsNotEmpty({ message: 'La fecha y hora de inicio es obligatoria.' })
  @IsISO8601({ strict: true }, { message: 'La fecha y hora de inicio no es válida.' })
  event_date: string;

  @IsOptional()
  @ValidateIf((o: EventFieldsDto) => o.end_date !== null && o.end_date !== '')
  @IsISO8601({ strict: true }, { message: 'La fecha de fin no es válida.' })
  end_date?: string | null;

  @RequiredText('La ubicación', EXTERNAL_EVENT_LIMITS.location)
  location: string;

  /** Required; only creation supplies a default (below), so a PUT without it is refused, not reset to 50. */
  @IsDefined({ message: 'La capacidad es obligatoria.' })
  @IntFrom('La capacidad', 1, MAX_CAPACITY)
  max_attendees: number;

  /**
   * Not in the spec's payload (docs/decisions/puerta.md): the venue's safety limit for the door, distinct from max_attendees.
   * Absent: unchanged (none on create); null: none.
   */
  @IsOptional()
  @IntFrom('El aforo máximo del recinto', 1, MAX_CAPACITY)
  aforo_maximo?: number | null;

  /** Not in the spec's admin payload; shown on the public page (one item per line in the form). */
  @IsOptional()
  @RequirementList(EXTERNAL_EVENT_LIMITS.listItems, EXTERNAL_EVENT_LIMITS.listItem)
  requirements?: string[];

  @IsOptional()
  @TextList(EXTERNAL_EVENT_LIMITS.listItems, EXTERNAL_EVENT_LIMITS.listItem, {
    notList: 'La agenda debe ser una lista.',
    tooMany: `La agenda no puede tener más de ${EXTERNAL_EVENT_LIMITS.listItems} puntos.`,
    item: 'Cada punto de la agenda',
  })
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
  @PersonName('El nombre', REGISTRATION_LIMITS.name, upper)
  nombre: string;

  @PersonName('El apellido paterno', REGISTRATION_LIMITS.name, upper)
  apellido_paterno: string;

  @PersonName('El apellido materno', REGISTRATION_LIMITS.name, upper)
  apellido_materno: string;

  @RequiredBirthDate()
  fecha_nacimiento: string;

  @Transform(trim)
  @IsNotEmpty({ message: 'El teléfono es obligatorio.' })
  @Matches(/^\d{10}$/, { message: 'El teléfono debe tener exactamente 10 dígitos.' })
  phone: string;

  @RequiredEmail(REGISTRATION_LIMITS.email, upper)
  email: string;

  @IsOptional()
  @Transform(upper)
  @TextOf('La empresa', REGISTRATION_LIMITS.empresa)
  empresa?: string | null;

  @IsNotEmpty({ message: 'El tipo de participante es obligatorio.' })
  @IsIn(TIPOS_PARTICIPANTE, { message: 'El tipo de participante no es una opción válida.' })
  tipo_participante: string;

  @NoticeVersion()
  aviso_version?: number;
}
