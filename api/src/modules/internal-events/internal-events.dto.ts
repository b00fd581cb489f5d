import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { AVAILABLE_PERSONAS_PER_PAGE, MAX_PERSONAS_PER_ASSIGNMENT } from './internal-events.constants';
import {
  MAX_INVITATIONS_PER_REQUEST,
  CONFIRMACIONES,
  CONFIRMATION_CODE_LENGTH,
  ESTADOS_AL_CREAR,
  ESTADOS_EVENTO_INTERNO,
  INTERNAL_EVENT_LIMITS,
  TIPOS_EVENTO_INTERNO,
  type Confirmacion,
  type EstadoEventoInterno,
  type TipoEventoInterno,
} from '@shared/contracts/internal-events.contract';
import { Nullable, Omittable } from '@core/http/omittable.decorator';
import { QueryInt } from '@core/http/query-int.decorator';
import { IntFrom, RecordId, RequiredText, TextList, TextOf } from '@core/http/dto-fields';
import { LongListPage } from '@core/http/list-query';

/** The venue limit's ceiling (the migration's CHECK: 1 to 1,000,000). */
const MAX_AFORO = 1_000_000;
const CODE_DESCRIPTION = `Código de la invitación, ${CONFIRMATION_CODE_LENGTH} caracteres (se ignoran espacios y mayúsculas/minúsculas); otro formato: 422.`;

class InternalEventFieldsDto {
  @RequiredText('El título', INTERNAL_EVENT_LIMITS.titulo)
  titulo: string;

  @Nullable()
  @TextOf('La descripción', INTERNAL_EVENT_LIMITS.descripcion)
  descripcion?: string | null;

  @IsNotEmpty({ message: 'La fecha y hora de inicio es obligatoria.' })
  @IsISO8601({}, { message: 'La fecha y hora de inicio no es válida.' })
  fecha_evento: string;

  @Nullable()
  @IsISO8601({}, { message: 'La fecha y hora de fin no es válida.' })
  fecha_fin?: string | null;

  @Nullable()
  @TextOf('La ubicación', INTERNAL_EVENT_LIMITS.ubicacion)
  ubicacion?: string | null;

  @IsNotEmpty({ message: 'El tipo es obligatorio.' })
  @IsIn(TIPOS_EVENTO_INTERNO, { message: 'El tipo no es válido.' })
  tipo: TipoEventoInterno;

  @Omittable()
  @TextList(INTERNAL_EVENT_LIMITS.notas, INTERNAL_EVENT_LIMITS.nota, {
    notList: 'Las notas deben ser una lista.',
    tooMany: `No más de ${INTERNAL_EVENT_LIMITS.notas} notas.`,
    item: 'Cada nota',
  })
  notas?: string[];

  /** Not in the spec's body (docs/decisions/puerta.md): the venue's safety limit for the door. Absent: unchanged (none on create); null: none. */
  @IsOptional()
  @IntFrom('El aforo máximo del recinto', 1, MAX_AFORO)
  aforo_maximo?: number | null;
}

export class CreateInternalEventDto extends InternalEventFieldsDto {
  /** On creation only borrador or confirmado (spec 2 §4). */
  @Omittable()
  @IsIn(ESTADOS_AL_CREAR, { message: 'Al crear, el estado solo puede ser borrador o confirmado.' })
  estado: EstadoEventoInterno = 'borrador';
}

export class UpdateInternalEventDto extends InternalEventFieldsDto {
  @Omittable()
  @IsIn(ESTADOS_EVENTO_INTERNO, { message: 'El estado no es válido.' })
  estado?: EstadoEventoInterno;

  /**
   * Sent by the edit page (spec 2 §7) and accepted, but not applied here: the space changes through
   * assign-espacio, which asks before releasing assigned seats (docs/decisions.md).
   */
  @ApiProperty({
    required: false,
    nullable: true,
    type: 'integer',
    example: 1,
    description: 'Se acepta y se ignora: el espacio se cambia con assign-espacio.',
  })
  @IsOptional()
  espacio_id?: unknown;
}

export class InternalEventsQueryDto {
  @IsOptional()
  @Transform(({ value }) => (value === '' || value === 'todos' ? undefined : value))
  @IsIn(ESTADOS_EVENTO_INTERNO, { message: 'El estado no es válido.' })
  estado?: EstadoEventoInterno;

  @IsOptional()
  @Transform(({ value }) => (value === '' || value === 'todos' ? undefined : value))
  @IsIn(TIPOS_EVENTO_INTERNO, { message: 'El tipo no es válido.' })
  tipo?: TipoEventoInterno;
}

/** POST /api/eventos-internos/{id}/invitations: omitted, every pending attendee with an e-mail. */
export class SendInvitationsDto {
  @Omittable()
  @IsArray({ message: 'Selecciona al menos una persona.' })
  @ArrayMinSize(1, { message: 'Selecciona al menos una persona.' })
  @ArrayMaxSize(MAX_INVITATIONS_PER_REQUEST, {
    message: `No se pueden enviar más de ${MAX_INVITATIONS_PER_REQUEST.toLocaleString('es-MX')} invitaciones a la vez.`,
  })
  @RecordId('Las personas seleccionadas no son válidas.', { each: true })
  persona_ids?: number[];
}

export class AssignAsistentesDto {
  @IsArray({ message: 'Selecciona al menos una persona.' })
  @ArrayMinSize(1, { message: 'Selecciona al menos una persona.' })
  @ArrayMaxSize(MAX_PERSONAS_PER_ASSIGNMENT, {
    message: `No se pueden asignar más de ${MAX_PERSONAS_PER_ASSIGNMENT.toLocaleString('es-MX')} personas a la vez.`,
  })
  @RecordId('Las personas seleccionadas no son válidas.', { each: true })
  persona_ids: number[];

  /** Always 'pendiente' (spec 2 §4): assigning people creates them as pendiente. */
  @Omittable()
  @IsIn(['pendiente'], { message: 'Las personas asignadas empiezan como pendiente.' })
  confirmacion?: 'pendiente';
}

export class UpdateAsistenteDto {
  @IsNotEmpty({ message: 'La confirmación es obligatoria.' })
  @IsIn(CONFIRMACIONES, { message: 'El estado de confirmación no es válido.' })
  confirmacion: Confirmacion;

  /** Moving to asistio without a seat: the section to auto-assign one in (same operation). */
  @Omittable()
  @RecordId('Por favor selecciona una sección')
  seccion_id?: number;
}

export class AutoAssignSeatDto {
  @RecordId('La persona no es válida.')
  persona_id: number;

  @RecordId('Por favor selecciona una sección')
  seccion_id: number;
}

export class AssignEspacioDto {
  /** null: the event uses no space ('Sin asignación de asientos'). */
  @ApiProperty({ required: true, nullable: true, description: 'El espacio del evento (activo); null: sin asignación de asientos.' })
  @ValidateIf((o: AssignEspacioDto) => o.espacio_id !== null)
  @RecordId('El espacio no es válido.')
  espacio_id: number | null;

  @Omittable()
  @IsBoolean({ message: 'permite_seleccion_asiento debe ser verdadero o falso.' })
  permite_seleccion_asiento?: boolean;

  @Omittable()
  @IsBoolean({ message: 'replace_existing debe ser verdadero o falso.' })
  replace_existing?: boolean;
}

export class AvailablePersonasQueryDto {
  @LongListPage()
  page: number = 1;

  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'La búsqueda no debe tener más de 100 caracteres.' })
  search?: string;

  @IsOptional()
  @QueryInt()
  @IsInt()
  @Min(1)
  @Max(AVAILABLE_PERSONAS_PER_PAGE)
  per_page: number = AVAILABLE_PERSONAS_PER_PAGE;
}

export class PublicConfirmDto {
  /** Normalized (trimmed, upper case) by the service; anything else is just a wrong code. */
  @ApiProperty({ type: 'string', required: true, example: 'K7M2Q', description: CODE_DESCRIPTION })
  @IsOptional()
  code?: unknown;
}
