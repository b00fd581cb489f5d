import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  Matches,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { SPACE_LIMITS, type EspacioInput, type SeccionInput } from '@shared/contracts/spaces.contract';
import { RequiredText, TextOf } from '@core/http/dto-fields';
import { Nullable } from '@core/http/omittable.decorator';

/** Section codes are compared and stored upper-cased ('vip' and 'VIP' are one code). */
const code = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);

/** One section of the form (spec 3 §2.8, §3, §5). */
export class SeccionDto implements SeccionInput {
  /** Sent back by the edit form; sections are matched by código, not by id. */
  @IsOptional()
  @IsInt({ message: 'El identificador de la sección no es válido.' })
  id?: number;

  @RequiredText('El nombre de la sección', SPACE_LIMITS.seccionNombre)
  nombre: string;

  @RequiredText('El código de la sección', SPACE_LIMITS.codigo, code)
  codigo: string;

  @IsDefined({ message: 'El número de filas es obligatorio.' })
  @IsInt({ message: 'El número de filas debe ser un número entero.' })
  @Min(SPACE_LIMITS.filasMin, { message: `Las filas deben ser al menos ${SPACE_LIMITS.filasMin}.` })
  @Max(SPACE_LIMITS.filasMax, { message: `Las filas no deben ser más de ${SPACE_LIMITS.filasMax}.` })
  filas: number;

  @IsDefined({ message: 'El número de asientos por fila es obligatorio.' })
  @IsInt({ message: 'Los asientos por fila deben ser un número entero.' })
  @Min(SPACE_LIMITS.asientosMin, { message: `Los asientos por fila deben ser al menos ${SPACE_LIMITS.asientosMin}.` })
  @Max(SPACE_LIMITS.asientosMax, { message: `Los asientos por fila no deben ser más de ${SPACE_LIMITS.asientosMax}.` })
  asientos_por_fila: number;

  @IsOptional()
  @Matches(/^#[0-9A-Fa-f]{6}$/, { message: 'El color debe ser un color hexadecimal como #3B82F6.' })
  color?: string;

  @IsOptional()
  @IsInt({ message: 'La posición horizontal debe ser un número entero.' })
  @Min(-100000, { message: 'La posición horizontal no es válida.' })
  @Max(100000, { message: 'La posición horizontal no es válida.' })
  posicion_x?: number;

  @IsOptional()
  @IsInt({ message: 'La posición vertical debe ser un número entero.' })
  @Min(-100000, { message: 'La posición vertical no es válida.' })
  @Max(100000, { message: 'La posición vertical no es válida.' })
  posicion_y?: number;

  @IsOptional()
  @ValidateIf((o: SeccionDto) => o.precio_base !== null)
  @IsNumber({ maxDecimalPlaces: 2 }, { message: 'El precio base debe ser un número con hasta dos decimales.' })
  @Min(0, { message: 'El precio base no puede ser negativo.' })
  @Max(SPACE_LIMITS.precioMax, { message: 'El precio base es demasiado alto.' })
  precio_base?: number | null;
}

/** POST and PUT /api/espacios: the whole space (spec 3 §7). */
export class EspacioDto implements EspacioInput {
  @RequiredText('El nombre del espacio', SPACE_LIMITS.nombre)
  nombre: string;

  @Nullable()
  @TextOf('La descripción', SPACE_LIMITS.descripcion)
  descripcion?: string | null;

  /** Free text: an empty or invalid value means two sections per row (spec 3 §9), not an error. */
  @Nullable()
  @TextOf('La organización de secciones', SPACE_LIMITS.layoutConfig)
  layout_config?: string | null;

  @IsOptional()
  @IsArray({ message: 'Los pasillos deben ser una lista.' })
  @ArrayMaxSize(SPACE_LIMITS.pasillos, { message: `No puede haber más de ${SPACE_LIMITS.pasillos} pasillos.` })
  pasillos?: unknown[];

  @IsDefined({ message: 'El espacio debe tener al menos una sección.' })
  @IsArray({ message: 'Las secciones deben ser una lista.' })
  @ArrayMinSize(1, { message: 'El espacio debe tener al menos una sección.' })
  @ArrayMaxSize(SPACE_LIMITS.secciones, { message: `Un espacio no puede tener más de ${SPACE_LIMITS.secciones} secciones.` })
  @IsObject({ each: true, message: 'Cada sección debe ser un objeto con sus campos.' })
  @ValidateNested({ each: true })
  @Type(() => SeccionDto)
  secciones: SeccionDto[];
}
