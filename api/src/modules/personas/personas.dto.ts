import { PickType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { CATALOGUE_TYPES, MERGE_MAX_PEOPLE, type CatalogueType, type PersonaField } from '@shared/contracts/personas.contract';
import { MAX_INT32 } from '@core/constants';
import { QueryInt } from '@core/http/query-int.decorator';
import { normalizePhone } from '@shared/rules/persona-rules';

const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim().toUpperCase() : value);
const digits = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value);
/**
 * A phone as its 10 digits, as the CSV import reads one: separators dropped, and a leading 52 (or 521) when
 * pasted with the country code ("+52 81 1234 5678"); anything else is left for the validator to refuse.
 */
const phone = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^[\d\s()+.-]*$/.test(value) ? (normalizePhone(value) ?? value.replace(/\D/g, '')) : value;
/** Empty strings from the form mean "not set". */
const emptyToNull = (fn: (p: { value: unknown }) => unknown) => (p: { value: unknown }) => {
  const v = fn(p);
  return v === '' ? null : v;
};
const isSet = (field: string) => (o: Record<string, unknown>) => o[field] !== null && o[field] !== undefined;

const TEXT = 200;

export class PersonaDto {
  @IsOptional()
  @ValidateIf(isSet('profesion_id'))
  @IsInt({ message: 'La profesión no es válida.' })
  @Min(1)
  @Max(MAX_INT32)
  profesion_id?: number | null;

  @Transform(upper)
  @IsNotEmpty({ message: 'El nombre es obligatorio.' })
  @IsString()
  @MaxLength(100)
  nombre: string;

  @IsOptional()
  @Transform(upper)
  @IsString()
  @MaxLength(100)
  apellido_paterno?: string;

  @IsOptional()
  @Transform(upper)
  @IsString()
  @MaxLength(100)
  apellido_materno?: string;

  /** YYYY-MM-DD (the form composes it from its day, month and year selects). */
  @IsOptional()
  @Transform(emptyToNull(({ value }) => value))
  @ValidateIf(isSet('fecha_nacimiento'))
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'La fecha de nacimiento debe tener el formato AAAA-MM-DD.' })
  fecha_nacimiento?: string | null;

  @IsOptional()
  @ValidateIf(isSet('sector_id'))
  @IsInt({ message: 'El sector no es válido.' })
  @Min(1)
  @Max(MAX_INT32)
  sector_id?: number | null;

  @IsOptional()
  @ValidateIf(isSet('empresa_id'))
  @IsInt({ message: 'La empresa no es válida.' })
  @Min(1)
  @Max(MAX_INT32)
  empresa_id?: number | null;

  @IsOptional()
  @ValidateIf(isSet('puesto_id'))
  @IsInt({ message: 'El puesto no es válido.' })
  @Min(1)
  @Max(MAX_INT32)
  puesto_id?: number | null;

  @IsOptional()
  @Transform(emptyToNull(upper))
  @IsString()
  @MaxLength(TEXT)
  particular_asistente?: string | null;

  @IsOptional()
  @Transform(emptyToNull(phone))
  @ValidateIf(isSet('telefono_oficina'))
  @Matches(/^\d{10}$/, { message: 'El teléfono de oficina debe tener exactamente 10 dígitos.' })
  telefono_oficina?: string | null;

  @IsOptional()
  @Transform(emptyToNull(digits))
  @ValidateIf(isSet('extension_oficina'))
  @Matches(/^\d{1,10}$/, { message: 'La extensión solo admite dígitos (máximo 10).' })
  extension_oficina?: string | null;

  @IsOptional()
  @Transform(emptyToNull(phone))
  @ValidateIf(isSet('telefono_celular'))
  @Matches(/^\d{10}$/, { message: 'El teléfono celular debe tener exactamente 10 dígitos.' })
  telefono_celular?: string | null;

  @IsOptional()
  @Transform(emptyToNull(upper))
  @ValidateIf(isSet('correo_electronico'))
  @IsEmail({}, { message: 'El correo electrónico no es válido.' })
  @MaxLength(254)
  correo_electronico?: string | null;

  @IsOptional() @Transform(emptyToNull(upper)) @IsString() @MaxLength(TEXT) direccion_calle?: string | null;
  @IsOptional() @Transform(emptyToNull(upper)) @IsString() @MaxLength(20) direccion_numero?: string | null;
  @IsOptional() @Transform(emptyToNull(upper)) @IsString() @MaxLength(TEXT) direccion_colonia?: string | null;
  @IsOptional() @Transform(emptyToNull(upper)) @IsString() @MaxLength(100) direccion_ciudad?: string | null;
  @IsOptional() @Transform(emptyToNull(upper)) @IsString() @MaxLength(100) direccion_estado?: string | null;
  @IsOptional() @Transform(emptyToNull(upper)) @IsString() @MaxLength(TEXT) direccion_alterna_calle?: string | null;
  @IsOptional() @Transform(emptyToNull(upper)) @IsString() @MaxLength(20) direccion_alterna_numero?: string | null;
  @IsOptional() @Transform(emptyToNull(upper)) @IsString() @MaxLength(TEXT) direccion_alterna_colonia?: string | null;
  @IsOptional() @Transform(emptyToNull(upper)) @IsString() @MaxLength(100) direccion_alterna_ciudad?: string | null;
  @IsOptional() @Transform(emptyToNull(upper)) @IsString() @MaxLength(100) direccion_alterna_estado?: string | null;

  @IsOptional()
  @ValidateIf(isSet('zona_id'))
  @IsInt({ message: 'La zona no es válida.' })
  @Min(1)
  @Max(MAX_INT32)
  zona_id?: number | null;

  @IsOptional()
  @Transform(emptyToNull(upper))
  @IsString()
  @MaxLength(TEXT)
  invita?: string | null;
}

export class PersonasQueryDto {
  @IsOptional()
  @QueryInt()
  @IsInt({ message: 'La página debe ser un número entero.' })
  @Min(1, { message: 'La página debe ser al menos 1.' })
  @Max(1_000_000)
  page: number = 1;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;

  @IsOptional()
  @Transform(({ value }) => (value === '' ? undefined : value))
  @QueryInt()
  @IsInt({ message: 'El sector no es válido.' })
  @Min(1)
  @Max(MAX_INT32)
  sector_id?: number;

  @IsOptional()
  @Transform(({ value }) => (value === '' ? undefined : value))
  @QueryInt()
  @IsInt({ message: 'La empresa no es válida.' })
  @Min(1)
  @Max(MAX_INT32)
  empresa_id?: number;

  @IsOptional()
  @Transform(({ value }) => (value === '' ? undefined : value))
  @IsIn(['red', 'orange', 'green'], { message: 'El nivel de completitud no es válido.' })
  completeness_level?: 'red' | 'orange' | 'green';
}

export class LookupValueDto {
  @IsIn(CATALOGUE_TYPES, { message: 'El tipo de catálogo no es válido.' })
  type: CatalogueType;

  @Transform(upper)
  @IsNotEmpty({ message: 'El nombre no puede estar vacío.' })
  @IsString()
  @MaxLength(150)
  nombre: string;
}

/** The duplicates list's query: the page, validated as the people list's. */
export class DuplicatesQueryDto extends PickType(PersonasQueryDto, ['page'] as const) {}

/** 'No es duplicado': the two people of a listed pair. */
export class DismissDuplicateDto {
  @IsArray({ message: 'Indica las dos personas.' })
  @ArrayMinSize(2, { message: 'Indica exactamente dos personas.' })
  @ArrayMaxSize(2, { message: 'Indica exactamente dos personas.' })
  @IsInt({ each: true, message: 'Cada persona debe ser un id válido.' })
  @Min(1, { each: true, message: 'Cada persona debe ser un id válido.' })
  @Max(MAX_INT32, { each: true, message: 'Cada persona debe ser un id válido.' })
  persona_ids!: number[];
}

/**
 * A merge: who stays, who is folded into it (1 to 19 others), and per field whose value wins (a person's id; the
 * service checks the fields and the ids, with errors per field).
 */
export class MergeDto {
  @IsInt({ message: 'Indica la persona que se conserva.' })
  @Min(1, { message: 'Indica la persona que se conserva.' })
  @Max(MAX_INT32, { message: 'Indica la persona que se conserva.' })
  sobreviviente_id!: number;

  @IsArray({ message: 'Indica las personas por fusionar.' })
  @ArrayMinSize(1, { message: 'Indica al menos una persona por fusionar.' })
  @ArrayMaxSize(MERGE_MAX_PEOPLE - 1, { message: `Se fusionan a lo más ${MERGE_MAX_PEOPLE} personas a la vez.` })
  @ArrayUnique({ message: 'Cada persona se indica una sola vez.' })
  @IsInt({ each: true, message: 'Cada persona debe ser un id válido.' })
  @Min(1, { each: true, message: 'Cada persona debe ser un id válido.' })
  @Max(MAX_INT32, { each: true, message: 'Cada persona debe ser un id válido.' })
  fusionar_ids!: number[];

  @IsOptional()
  @IsObject({ message: 'Los campos deben indicarse como campo: id de la persona.' })
  campos?: Partial<Record<PersonaField, number>>;
}
