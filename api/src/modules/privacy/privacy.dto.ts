import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import {
  ARCO_LIMITS,
  ARCO_QUEUE_STATUSES,
  ARCO_RESOLUTIONS,
  ARCO_TYPES,
  RECTIFIABLE_FIELDS,
  type ArcoCorrection,
  type ArcoQueueStatus,
  type ArcoResolution,
  type ArcoType,
  type RectifiableSource,
} from '@shared/contracts/privacy.contract';
import { RecordId, RequiredEmail, RequiredText, TextOf } from '@core/http/dto-fields';
import { ChoiceFilter, PageNumber } from '@core/http/list-query';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().normalize('NFC') : value);
const oneLine = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ').normalize('NFC') : value);
const RECTIFIABLE_SOURCES = Object.keys(RECTIFIABLE_FIELDS) as RectifiableSource[];

/** POST /api/privacidad/solicitudes (public): an ARCO request for an address (LGPDPPSO art. 52). */
export class ArcoRequestDto {
  @IsNotEmpty({ message: 'Elige el tipo de solicitud.' })
  @IsIn(ARCO_TYPES, { message: 'El tipo debe ser acceso, rectificación, cancelación u oposición.' })
  tipo: ArcoType;

  @RequiredText('El nombre', ARCO_LIMITS.nombre, oneLine)
  nombre: string;

  @RequiredEmail(ARCO_LIMITS.email, trim)
  email: string;

  /** Required for rectificación (what to correct: art. 52); optional for the rest. */
  @ApiPropertyOptional({ example: 'Mi apellido materno es PEÑA, no PENA.' })
  @IsOptional()
  @Transform(trim)
  @TextOf('La descripción', ARCO_LIMITS.descripcion)
  descripcion?: string;
}

/** GET /api/privacidad/solicitudes: the queue, by status, paged. */
export class ArcoQueueQueryDto {
  @ChoiceFilter(ARCO_QUEUE_STATUSES, 'El estado no es válido.', 'Solo las solicitudes en este estado.')
  status?: ArcoQueueStatus;

  @PageNumber()
  page?: number;
}

export class ArcoCorrectionDto implements ArcoCorrection {
  @IsNotEmpty({ message: 'Indica dónde está el dato.' })
  @IsIn(RECTIFIABLE_SOURCES, { message: 'El origen del dato no es válido.' })
  fuente: RectifiableSource;

  @RecordId('El registro no es válido.')
  id: number;

  @IsNotEmpty({ message: 'Indica el campo.' })
  @IsString({ message: 'El campo debe ser texto.' })
  @MaxLength(60, { message: 'El campo no es válido.' })
  campo: string;

  @TextOf('El valor', 200)
  valor: string;
}

/** POST /api/privacidad/solicitudes/{id}/resolver. */
export class ArcoResolveDto {
  @IsNotEmpty({ message: 'Indica si la solicitud procede.' })
  @IsIn(ARCO_RESOLUTIONS, { message: 'El resultado debe ser procedente o improcedente.' })
  resultado: ArcoResolution;

  @ApiPropertyOptional({ example: 'Corregimos tu apellido materno en tus registros.' })
  @IsOptional()
  @Transform(trim)
  @TextOf('La respuesta', ARCO_LIMITS.respuesta)
  respuesta?: string;

  @IsOptional()
  @IsArray({ message: 'Las correcciones deben ser una lista.' })
  @ArrayMaxSize(200, { message: 'No se pueden aplicar más de 200 correcciones a la vez.' })
  @IsObject({ each: true, message: 'Cada corrección debe ser un objeto con sus campos.' })
  @ValidateNested({ each: true })
  @Type(() => ArcoCorrectionDto)
  correcciones?: ArcoCorrectionDto[];
}

/** GET /api/privacidad/exportacion/{token}: the file's format. */
export class ArcoExportQueryDto {
  @ApiPropertyOptional({ enum: ['html', 'json'], default: 'html' })
  @IsOptional()
  @IsIn(['html', 'json'], { message: 'El formato debe ser html o json.' })
  formato?: 'html' | 'json';
}
