import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsISO8601, IsNotEmpty, IsOptional, IsUrl, Matches, ValidateBy, ValidateIf } from 'class-validator';
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
import {
  NoticeVersion,
  PersonName,
  RequiredBirthDate,
  RequiredEmail,
  RequiredText,
  RequirementList,
  TextList,
  TextOf,
  upper,
} from '@core/http/dto-fields';
import { Nullable } from '@core/http/omittable.decorator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : value);
/** Spec 3 §5: these fields are uppercased (NFC, so a combining accent is stored as one letter). */
const upperList = ({ value }: { value: unknown }) =>
  Array.isArray(value)
    ? value.map((v) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ').toUpperCase().normalize('NFC') : v)).filter((v) => v !== '')
    : value;
/** Blank means "no value" (an empty optional input sends ''); max_participantes: no limit (spec 3 §5). Numbers are JSON numbers (the input policy). */
const emptyToNull = ({ value }: { value: unknown }) => (value === '' || value === undefined ? null : value);
const upperOrNull = ({ value }: { value: unknown }) => {
  const v = upper({ value });
  return v === '' || v === undefined ? null : v;
};
const blankToNullTrim = ({ value }: { value: unknown }) => {
  const v = typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : value;
  return v === '' || v === undefined ? null : v;
};

/** Every field of the program form (spec 3 §2.6, §5, §7). */
export class ProgramaFieldsDto {
  @ValidateIf(fullPayload)
  @RequiredText('El nombre', PROGRAMA_LIMITS.nombre, upper)
  nombre: string;

  @ValidateIf(fullPayload)
  @RequiredText('La descripción', PROGRAMA_LIMITS.descripcion)
  descripcion: string;

  @ValidateIf(fullPayload)
  @IsNotEmpty({ message: 'El tipo es obligatorio.' })
  @IsIn(PROGRAMA_TIPOS, { message: 'El tipo debe ser Continuo o Fecha Específica.' })
  tipo: ProgramaTipo;

  /** Only for fecha_especifica (the service ignores them for continuo). */
  @Nullable(emptyToNull)
  @IsISO8601({ strict: true }, { message: 'La fecha de inicio no es válida.' })
  fecha_inicio?: string | null;

  @Nullable(emptyToNull)
  @IsISO8601({ strict: true }, { message: 'La fecha de fin no es válida.' })
  fecha_fin?: string | null;

  @Nullable(upperOrNull)
  @TextOf('La ubicación', PROGRAMA_LIMITS.ubicacion)
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
  @Nullable(emptyToNull)
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
  @RequirementList(PROGRAMA_LIMITS.listItems, PROGRAMA_LIMITS.listItem, upperList)
  requisitos?: string[];

  @IsOptional()
  @TextList(
    PROGRAMA_LIMITS.listItems,
    PROGRAMA_LIMITS.listItem,
    {
      notList: 'Los beneficios deben ser una lista.',
      tooMany: `No puede haber más de ${PROGRAMA_LIMITS.listItems} beneficios.`,
      item: 'Cada beneficio',
    },
    upperList,
  )
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
  @RequiredEmail(PROGRAM_REGISTRATION_LIMITS.email, upper)
  email: string;
}

const L = PROGRAM_REGISTRATION_LIMITS;
const hasBusiness = (o: ProgramRegistrationDto) => o.tiene_emprendimiento === 'si';

/** The public application form (spec 3 §3, §5), validated again on the server. */
export class ProgramRegistrationDto {
  @PersonName('El nombre', L.text, trim)
  nombre: string;

  @PersonName('El apellido paterno', L.text, trim)
  apellido_paterno: string;

  @PersonName('El apellido materno', L.text, trim)
  apellido_materno: string;

  @RequiredBirthDate()
  fecha_nacimiento: string;

  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value))
  @IsNotEmpty({ message: 'El celular es obligatorio.' })
  @Matches(/^\d{10}$/, { message: 'El celular debe tener 10 dígitos.' })
  celular: string;

  @RequiredEmail(L.email, upper)
  correo_electronico: string;

  @RequiredText('La calle', L.text, trim)
  calle: string;

  @RequiredText('El número', L.numero, trim)
  numero: string;

  @RequiredText('La colonia', L.text, trim)
  colonia: string;

  @RequiredText('El municipio', L.text, trim)
  municipio: string;

  @IsNotEmpty({ message: 'Indica si tienes un emprendimiento.' })
  @IsIn(SI_NO, { message: 'Indica si tienes un emprendimiento (si o no).' })
  tiene_emprendimiento: SiNo;

  // ——— Required only with an entrepreneurship (the service drops them otherwise) ———

  @ValidateIf(hasBusiness)
  @RequiredText('El nombre del emprendimiento', L.text, blankToNullTrim)
  nombre_emprendimiento?: string | null;

  @ValidateIf(hasBusiness)
  @Transform(emptyToNull)
  @IsNotEmpty({ message: 'El giro o sector es obligatorio.' })
  @IsIn(GIROS_SECTOR, { message: 'El giro o sector no es una opción válida.' })
  giro_sector?: GiroSector | null;

  @ValidateIf((o: ProgramRegistrationDto) => hasBusiness(o) && o.giro_sector === 'otro')
  @Transform(blankToNullTrim)
  @IsNotEmpty({ message: 'Especifica el giro o sector.' })
  @TextOf('El giro o sector', L.text)
  giro_sector_otro?: string | null;

  @ValidateIf(hasBusiness)
  @Transform(emptyToNull)
  @IsNotEmpty({ message: 'El tiempo operando es obligatorio.' })
  @IsIn(TIEMPOS_OPERANDO, { message: 'El tiempo operando no es una opción válida.' })
  tiempo_operando?: TiempoOperando | null;

  @ValidateIf(hasBusiness)
  @Transform(emptyToNull)
  @IsNotEmpty({ message: 'Indica si tu emprendimiento tiene redes sociales.' })
  @IsIn(SI_NO, { message: 'Indica si tu emprendimiento tiene redes sociales (si o no).' })
  tiene_redes_sociales?: SiNo | null;

  /** Optional; checked only when the business has social networks. */
  @ValidateIf((o: ProgramRegistrationDto) => hasBusiness(o) && o.tiene_redes_sociales === 'si' && o.redes_sociales_enlace !== null)
  @Transform(blankToNullTrim)
  @TextOf('El enlace de redes sociales', L.url)
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true },
    { message: 'El enlace de redes sociales debe ser una URL válida (por ejemplo https://facebook.com/minegocio).' },
  )
  redes_sociales_enlace?: string | null;

  @ValidateIf(hasBusiness)
  @Transform(emptyToNull)
  @IsNotEmpty({ message: 'Indica si tu negocio está formalizado.' })
  @IsIn(SI_NO, { message: 'Indica si tu negocio está formalizado (si o no).' })
  negocio_formalizado?: SiNo | null;

  /** Optional, uppercased, at most 13 characters (spec 3 §5, §9). */
  @ValidateIf((o: ProgramRegistrationDto) => hasBusiness(o) && o.negocio_formalizado === 'si' && o.rfc !== null)
  @Transform(upperOrNull)
  @TextOf('El RFC', L.rfc)
  @Matches(/^[A-ZÑ&0-9]+$/, { message: 'El RFC solo puede contener letras y números.' })
  rfc?: string | null;

  @NoticeVersion()
  aviso_version?: number;
}
