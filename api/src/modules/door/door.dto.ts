import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsIn,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { ApiProperty } from '@nestjs/swagger';
import { RecordId } from '@core/http/dto-fields';
import { Omittable } from '@core/http/omittable.decorator';
import { DOOR_DIRECTIONS, DOOR_LIMITS, type DoorDirection } from '@shared/contracts/door.contract';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** What every scan carries; scan_id is optional online and required in a batch (the subclasses). */
class ScanFieldsDto {
  /** Normalized by the service (trimmed, upper case; a link with ?codigo= gives its code). */
  @ApiProperty({ type: 'string', example: 'K7RC4MWA', description: 'El código de la puerta (o el enlace del QR que lo lleva).' })
  @IsDefined({ message: 'El código es obligatorio.' })
  @IsString({ message: 'El código debe ser texto.' })
  @MaxLength(DOOR_LIMITS.code, { message: `El código no debe tener más de ${DOOR_LIMITS.code} caracteres.` })
  code: string;

  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'La puerta debe ser texto.' })
  @MaxLength(DOOR_LIMITS.gate, { message: `El nombre de la puerta no debe tener más de ${DOOR_LIMITS.gate} caracteres.` })
  gate?: string;

  @Omittable()
  @IsIn(DOOR_DIRECTIONS, { message: "La dirección debe ser 'in' (entrada) u 'out' (salida)." })
  direction?: DoorDirection;

  @Omittable()
  @IsISO8601({ strict: true }, { message: 'La fecha del escaneo (scanned_at) no es válida.' })
  scanned_at?: string;
}

/** One scan: `{ code, gate?, direction?, scan_id?, scanned_at? }`. */
export class ScanDto extends ScanFieldsDto {
  @Omittable()
  @IsUUID('all', { message: 'El scan_id debe ser un UUID.' })
  scan_id?: string;
}

/** An internal event's scan also takes today's `seccion_id`: the section a seat is given in, if the person has none. */
export class InternalScanDto extends ScanDto {
  @Omittable()
  @RecordId('Por favor selecciona una sección')
  seccion_id?: number;
}

/** A scan of a batch: an offline device always names it (scan_id) and dates it (scanned_at). */
export class BatchScanDto extends ScanFieldsDto {
  @ApiProperty({ type: 'string', format: 'uuid', example: '3f2b8c1e-5d4a-4e6b-9c7d-2a1b0c9d8e7f' })
  @IsDefined({ message: 'Cada escaneo del lote necesita su scan_id.' })
  @IsUUID('all', { message: 'El scan_id debe ser un UUID.' })
  scan_id: string;
}

export class ScanBatchDto {
  @IsDefined({ message: 'El lote debe traer sus escaneos.' })
  @IsArray({ message: 'Los escaneos deben ser una lista.' })
  @ArrayMinSize(1, { message: 'El lote debe traer al menos un escaneo.' })
  @ArrayMaxSize(DOOR_LIMITS.batch, { message: `Un lote no puede traer más de ${DOOR_LIMITS.batch.toLocaleString('es-MX')} escaneos.` })
  @IsObject({ each: true, message: 'Cada escaneo debe ser un objeto con sus campos.' })
  @ValidateNested({ each: true })
  @Type(() => BatchScanDto)
  scans: BatchScanDto[];
}
