import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import {
  GIROS_SECTOR,
  PROGRAM_REGISTRATION_LIMITS,
  PROGRAM_REGISTRATION_STATUSES,
  PROGRAMA_LIMITS,
  PROGRAMA_STATUSES,
  PROGRAMA_TIPOS,
  SI_NO,
  TIEMPOS_OPERANDO,
  type GiroSector,
  type ProgramaStatus,
  type ProgramaTipo,
  type ProgramRegistrationStatus,
  type SiNo,
  type TiempoOperando,
} from '@shared/contracts/programs.contract';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : value);
/** Spec 3 §5: these fields are uppercased (NFC, so a combining accent is stored as one letter). */
const upper = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().replace(/\s+/g, ' ').toUpperCase().normalize('NFC') : value;
const upperList = ({ value }: { value: unknown }) =>
  Array.isArray(value)
    ? value.map((v) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ').toUpperCase().normalize('NFC') : v)).filter((v) => v !== '')
    : value;
/** Blank means "no value" (an empty optional input sends ''). */
const blankToNull = ({ value }: { value: unknown }) => (value === '' || value === undefined ? null : value);
const upperOrNull = ({ value }: { value: unknown }) => {
  const v = upper({ value });
  return v === '' || v === undefined ? null : v;
};
const blankToNullTrim = ({ value }: { value: unknown }) => {
  const v = typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : value;
  return v === '' || v === undefined ? null : v;
};
/** max_participantes: blank means no limit (spec 3 §5). Numbers are JSON numbers (the input policy). */
const capacity = ({ value }: { value: unknown }) => (value === '' || value === undefined ? null : value);

const tooLong = (subject: string, max: number) => `${subject} no debe tener más de ${max.toLocaleString('es-MX')} caracteres.`;
const notText = (subject: string) => `${subject} debe ser texto.`;

/** Every field of the program form (spec 3 §2.6, §5, §7). */
export class ProgramaFieldsDto {
  @ValidateIf(fullPayload)
  @Transform(upper)
  @IsNotEmpty({ message: 'El nombre es obligatorio.' })
  @IsString({ message: notText('El nombre') })
  @MaxLength(PROGRAMA_LIMITS.nombre, { message: tooLong('El nombre', PROGRAMA_LIMITS.nombre) })
  nombre: string;

  @ValidateIf(fullPayload)
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsNotEmpty({ message: 'La descripción es obligatoria.' })
  @IsString({ message: notText('La descripción') })
  @MaxLength(PROGRAMA_LIMITS.descripcion, { message: tooLong('La descripción', PROGRAMA_LIMITS.descripcion) })
  descripcion: string;

  @ValidateIf(fullPayload)
  @IsNotEmpty({ message: 'El tipo es obligatorio.' })
  @IsIn(PROGRAMA_TIPOS, { message: 'El tipo debe ser Continuo o Fecha Específica.' })
  tipo: ProgramaTipo;

  /** Only for fecha_especifica (the service ignores them for continuo). */
  @IsOptional()
  @Transform(blankToNull)
  @ValidateIf((o: ProgramaFieldsDto) => o.fecha_inicio !== null)
  @IsISO8601({ strict: true }, { message: 'La fecha de inicio no es válida.' })
  fecha_inicio?: string | null;

  @IsOptional()
  @Transform(blankToNull)
  @ValidateIf((o: ProgramaFieldsDto) => o.fecha_fin !== null)
  @IsISO8601({ strict: true }, { message: 'La fecha de fin no es válida.' })
  fecha_fin?: string | null;

  @IsOptional()
  @Transform(upperOrNull)
  @ValidateIf((o: ProgramaFieldsDto) => o.ubicacion !== null)
  @IsString({ message: notText('La ubicación') })
  @MaxLength(PROGRAMA_LIMITS.ubicacion, { message: tooLong('La ubicación', PROGRAMA_LIMITS.ubicacion) })
  ubicacion?: string | null;

  /** Blank or null: no limit. One message per problem (not an integer, below 1, too large). */
  @ApiProperty({
    type: 'integer',
    nullable: true,
    required: false,
    minimum: 1,
    maximum: PROGRAMA_LIMITS.maxParticipantes,
    example: 40,
    description: 'Máximo de participantes, al menos 1; vacío o null: sin límite.',
  })
  @IsOptional()
  @Transform(capacity)
  @ValidateIf((o: ProgramaFieldsDto) => o.max_participantes !== null)
  @ValidateBy({
    name: 'isCapacity',
    validator: {
      validate: (v: unknown) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= PROGRAMA_LIMITS.maxParticipantes,
      defaultMessage: (args) =>
        !Number.isInteger(args?.value)
          ? 'El máximo de participantes debe ser un número entero.'
          : (args?.value as number) < 1
            ? 'El máximo de participantes debe ser al menos 1 (déjalo vacío para no tener límite).'
            : `El máximo de participantes no debe ser mayor que ${PROGRAMA_LIMITS.maxParticipantes.toLocaleString('es-MX')}.`,
    },
  })
  max_participantes?: number | null;

  @IsOptional()
  @IsIn(PROGRAMA_STATUSES, { message: 'El estado debe ser Borrador, Publicado o Cerrado.' })
  status?: ProgramaStatus;

  @IsOptional()
  @Transform(upperList)
  @IsArray({ message: 'Los requisitos deben ser una lista.' })
  @ArrayMaxSize(PROGRAMA_LIMITS.listItems, { message: `No puede haber más de ${PROGRAMA_LIMITS.listItems} requisitos.` })
  @IsString({ each: true, message: notText('Cada requisito') })
  @MaxLength(PROGRAMA_LIMITS.listItem, { each: true, message: tooLong('Cada requisito', PROGRAMA_LIMITS.listItem) })
  requisitos?: string[];

  @IsOptional()
  @Transform(upperList)
  @IsArray({ message: 'Los beneficios deben ser una lista.' })
  @ArrayMaxSize(PROGRAMA_LIMITS.listItems, { message: `No puede haber más de ${PROGRAMA_LIMITS.listItems} beneficios.` })
  @IsString({ each: true, message: notText('Cada beneficio') })
  @MaxLength(PROGRAMA_LIMITS.listItem, { each: true, message: tooLong('Cada beneficio', PROGRAMA_LIMITS.listItem) })
  beneficios?: string[];
}

export class CreateProgramaDto extends ProgramaFieldsDto {
  /** Spec 3 §9: default tipo continuo and status draft. */
  override tipo: ProgramaTipo = 'continuo';
  override status?: ProgramaStatus = 'draft';
}

/** PUT: the whole form (as on creation), or only es_destacado (the star, spec 3 §4). */
export class UpdateProgramaDto extends ProgramaFieldsDto {
  @IsOptional()
  @IsBoolean({ message: 'El estado destacado debe ser verdadero o falso.' })
  es_destacado?: boolean;
}

/** The star sends es_destacado alone; anything else is the full form and is validated as such. */
export function isFeaturedOnly(o: object): boolean {
  const keys = Object.entries(o)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  return keys.length === 1 && keys[0] === 'es_destacado';
}

function fullPayload(o: object): boolean {
  return !(o instanceof UpdateProgramaDto && isFeaturedOnly(o));
}

export class RegistrationStatusDto {
  @IsNotEmpty({ message: 'El estado es obligatorio.' })
  @IsIn(PROGRAM_REGISTRATION_STATUSES, { message: 'El estado debe ser pendiente, confirmado o cancelado.' })
  status: ProgramRegistrationStatus;
}

export class CheckEmailDto {
  @Transform(upper)
  @IsNotEmpty({ message: 'El correo electrónico es obligatorio.' })
  @IsEmail({}, { message: 'El correo electrónico no es válido.' })
  @MaxLength(PROGRAM_REGISTRATION_LIMITS.email, { message: tooLong('El correo electrónico', PROGRAM_REGISTRATION_LIMITS.email) })
  email: string;
}

const NAME_PATTERN = /^[\p{L}][\p{L} .'-]*$/u;
const L = PROGRAM_REGISTRATION_LIMITS;
const hasBusiness = (o: ProgramRegistrationDto) => o.tiene_emprendimiento === 'si';

/** The public application form (spec 3 §3, §5), validated again on the server. */
export class ProgramRegistrationDto {
  @Transform(trim)
  @IsNotEmpty({ message: 'El nombre es obligatorio.' })
  @IsString({ message: notText('El nombre') })
  @MaxLength(L.text, { message: tooLong('El nombre', L.text) })
  @Matches(NAME_PATTERN, { message: 'El nombre solo puede contener letras.' })
  nombre: string;

  @Transform(trim)
  @IsNotEmpty({ message: 'El apellido paterno es obligatorio.' })
  @IsString({ message: notText('El apellido paterno') })
  @MaxLength(L.text, { message: tooLong('El apellido paterno', L.text) })
  @Matches(NAME_PATTERN, { message: 'El apellido paterno solo puede contener letras.' })
  apellido_paterno: string;

  @Transform(trim)
  @IsNotEmpty({ message: 'El apellido materno es obligatorio.' })
  @IsString({ message: notText('El apellido materno') })
  @MaxLength(L.text, { message: tooLong('El apellido materno', L.text) })
  @Matches(NAME_PATTERN, { message: 'El apellido materno solo puede contener letras.' })
  apellido_materno: string;

  @IsNotEmpty({ message: 'La fecha de nacimiento es obligatoria.' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'La fecha de nacimiento debe tener el formato AAAA-MM-DD.' })
  fecha_nacimiento: string;

  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value))
  @IsNotEmpty({ message: 'El celular es obligatorio.' })
  @Matches(/^\d{10}$/, { message: 'El celular debe tener 10 dígitos.' })
  celular: string;

  @Transform(upper)
  @IsNotEmpty({ message: 'El correo electrónico es obligatorio.' })
  @IsEmail({}, { message: 'El correo electrónico no es válido.' })
  @MaxLength(L.email, { message: tooLong('El correo electrónico', L.email) })
  correo_electronico: string;

  @Transform(trim)
  @IsNotEmpty({ message: 'La calle es obligatoria.' })
  @IsString({ message: notText('La calle') })
  @MaxLength(L.text, { message: tooLong('La calle', L.text) })
  calle: string;

  @Transform(trim)
  @IsNotEmpty({ message: 'El número es obligatorio.' })
  @IsString({ message: notText('El número') })
  @MaxLength(L.numero, { message: tooLong('El número', L.numero) })
  numero: string;

  @Transform(trim)
  @IsNotEmpty({ message: 'La colonia es obligatoria.' })
  @IsString({ message: notText('La colonia') })
  @MaxLength(L.text, { message: tooLong('La colonia', L.text) })
  colonia: string;

  @Transform(trim)
  @IsNotEmpty({ message: 'El municipio es obligatorio.' })
  @IsString({ message: notText('El municipio') })
  @MaxLength(L.text, { message: tooLong('El municipio', L.text) })
  municipio: string;

  @IsNotEmpty({ message: 'Indica si tienes un emprendimiento.' })
  @IsIn(SI_NO, { message: 'Indica si tienes un emprendimiento (si o no).' })
  tiene_emprendimiento: SiNo;

  // ——— Required only with an entrepreneurship (the service drops them otherwise) ———

  @ValidateIf(hasBusiness)
  @Transform(blankToNullTrim)
  @IsNotEmpty({ message: 'El nombre del emprendimiento es obligatorio.' })
  @IsString({ message: notText('El nombre del emprendimiento') })
  @MaxLength(L.text, { message: tooLong('El nombre del emprendimiento', L.text) })
  nombre_emprendimiento?: string | null;

  @ValidateIf(hasBusiness)
  @Transform(blankToNull)
  @IsNotEmpty({ message: 'El giro o sector es obligatorio.' })
  @IsIn(GIROS_SECTOR, { message: 'El giro o sector no es una opción válida.' })
  giro_sector?: GiroSector | null;

  @ValidateIf((o: ProgramRegistrationDto) => hasBusiness(o) && o.giro_sector === 'otro')
  @Transform(blankToNullTrim)
  @IsNotEmpty({ message: 'Especifica el giro o sector.' })
  @IsString({ message: notText('El giro o sector') })
  @MaxLength(L.text, { message: tooLong('El giro o sector', L.text) })
  giro_sector_otro?: string | null;

  @ValidateIf(hasBusiness)
  @Transform(blankToNull)
  @IsNotEmpty({ message: 'El tiempo operando es obligatorio.' })
  @IsIn(TIEMPOS_OPERANDO, { message: 'El tiempo operando no es una opción válida.' })
  tiempo_operando?: TiempoOperando | null;

  @ValidateIf(hasBusiness)
  @Transform(blankToNull)
  @IsNotEmpty({ message: 'Indica si tu emprendimiento tiene redes sociales.' })
  @IsIn(SI_NO, { message: 'Indica si tu emprendimiento tiene redes sociales (si o no).' })
  tiene_redes_sociales?: SiNo | null;

  /** Optional; checked only when the business has social networks. */
  @ValidateIf((o: ProgramRegistrationDto) => hasBusiness(o) && o.tiene_redes_sociales === 'si' && o.redes_sociales_enlace !== null)
  @Transform(blankToNullTrim)
  @IsString({ message: notText('El enlace de redes sociales') })
  @MaxLength(L.url, { message: tooLong('El enlace de redes sociales', L.url) })
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true },
    { message: 'El enlace de redes sociales debe ser una URL válida (por ejemplo https://facebook.com/minegocio).' },
  )
  redes_sociales_enlace?: string | null;

  @ValidateIf(hasBusiness)
  @Transform(blankToNull)
  @IsNotEmpty({ message: 'Indica si tu negocio está formalizado.' })
  @IsIn(SI_NO, { message: 'Indica si tu negocio está formalizado (si o no).' })
  negocio_formalizado?: SiNo | null;

  /** Optional, uppercased, at most 13 characters (spec 3 §5, §9). */
  @ValidateIf((o: ProgramRegistrationDto) => hasBusiness(o) && o.negocio_formalizado === 'si' && o.rfc !== null)
  @Transform(upperOrNull)
  @IsString({ message: notText('El RFC') })
  @MaxLength(L.rfc, { message: 'El RFC no debe tener más de 13 caracteres.' })
  @Matches(/^[A-ZÑ&0-9]+$/, { message: 'El RFC solo puede contener letras y números.' })
  rfc?: string | null;

  /** The privacy notice version the form showed; without it, the current one is recorded. */
  @IsOptional()
  @IsInt({ message: 'La versión del aviso de privacidad debe ser un número entero.' })
  @Min(1, { message: 'La versión del aviso de privacidad no es válida.' })
  @Max(2147483647, { message: 'La versión del aviso de privacidad no es válida.' })
  aviso_version?: number;
}
