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
import { RecordId, Stacked } from '@core/http/dto-fields';
import { LongListPage } from '@core/http/list-query';
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

/** A person's optional text (an address line, who invites them): upper-cased, blank as null, at most `max` characters. */
const OptionalUpper = (max: number) => Stacked(IsOptional(), Transform(emptyToNull(upper)), IsString(), MaxLength(max));

/** Checks the field only when it has a value (null or absent: not set). */
const IfSet = (): PropertyDecorator => (target, key) => ValidateIf(isSet(String(key)))(target, key);

/** An optional 10-digit phone (blank as null), as the CSV import reads one; `invalid` otherwise. */
const OptionalPhone = (invalid: string) =>
  Stacked(IsOptional(), Transform(emptyToNull(phone)), IfSet(), Matches(/^\d{10}$/, { message: invalid }));

/** A person's link to a catalogue value (its id; null clears it), `invalid` when not a whole number. */
const CatalogueId = (invalid: string) => Stacked(IsOptional(), IfSet(), IsInt({ message: invalid }), Min(1), Max(MAX_INT32));

/** The people list's filter by a catalogue value (`?sector_id=`; blank: no filter), `invalid` when not a whole number. */
const CatalogueFilter = (invalid: string) =>
  Stacked(
    IsOptional(),
    Transform(({ value }) => (value === '' ? undefined : value)),
    QueryInt(),
    IsInt({ message: invalid }),
    Min(1),
    Max(MAX_INT32),
  );

export class PersonaDto {
  @CatalogueId('La profesión no es válida.')
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
  @IfSet()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'La fecha de nacimiento debe tener el formato AAAA-MM-DD.' })
  fecha_nacimiento?: string | null;

  @CatalogueId('El sector no es válido.')
  sector_id?: number | null;

  @CatalogueId('La empresa no es válida.')
  empresa_id?: number | null;

  @CatalogueId('El puesto no es válido.')
  puesto_id?: number | null;

  @OptionalUpper(TEXT)
  particular_asistente?: string | null;

  @OptionalPhone('El teléfono de oficina debe tener exactamente 10 dígitos.')
  telefono_oficina?: string | null;

  @IsOptional()
  @Transform(emptyToNull(digits))
  @IfSet()
  @Matches(/^\d{1,10}$/, { message: 'La extensión solo admite dígitos (máximo 10).' })
  extension_oficina?: string | null;

  @OptionalPhone('El teléfono celular debe tener exactamente 10 dígitos.')
  telefono_celular?: string | null;

  @IsOptional()
  @Transform(emptyToNull(upper))
  @IfSet()
  @IsEmail({}, { message: 'El correo electrónico no es válido.' })
  @MaxLength(254)
  correo_electronico?: string | null;

  @OptionalUpper(TEXT) direccion_calle?: string | null;
  @OptionalUpper(20) direccion_numero?: string | null;
  @OptionalUpper(TEXT) direccion_colonia?: string | null;
  @OptionalUpper(100) direccion_ciudad?: string | null;
  @OptionalUpper(100) direccion_estado?: string | null;
  @OptionalUpper(TEXT) direccion_alterna_calle?: string | null;
  @OptionalUpper(20) direccion_alterna_numero?: string | null;
  @OptionalUpper(TEXT) direccion_alterna_colonia?: string | null;
  @OptionalUpper(100) direccion_alterna_ciudad?: string | null;
  @OptionalUpper(100) direccion_alterna_estado?: string | null;

  @CatalogueId('La zona no es válida.')
  zona_id?: number | null;

  @OptionalUpper(TEXT)
  invita?: string | null;
}

export class PersonasQueryDto {
  @LongListPage()
  page: number = 1;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;

  @CatalogueFilter('El sector no es válido.')
  sector_id?: number;

  @CatalogueFilter('La empresa no es válida.')
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
  @RecordId('Cada persona debe ser un id válido.', { each: true })
  persona_ids!: number[];
}

/**
 * A merge: who stays, who is folded into it (1 to 19 others), and per field whose value wins (a person's id; the
 * service checks the fields and the ids, with errors per field).
 */
export class MergeDto {
  @RecordId('Indica la persona que se conserva.')
  sobreviviente_id!: number;

  @IsArray({ message: 'Indica las personas por fusionar.' })
  @ArrayMinSize(1, { message: 'Indica al menos una persona por fusionar.' })
  @ArrayMaxSize(MERGE_MAX_PEOPLE - 1, { message: `Se fusionan a lo más ${MERGE_MAX_PEOPLE} personas a la vez.` })
  @ArrayUnique({ message: 'Cada persona se indica una sola vez.' })
  @RecordId('Cada persona debe ser un id válido.', { each: true })
  fusionar_ids!: number[];

  @IsOptional()
  @IsObject({ message: 'Los campos deben indicarse como campo: id de la persona.' })
  campos?: Partial<Record<PersonaField, number>>;
}
