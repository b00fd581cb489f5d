import { Transform } from 'class-transformer';
import { IsISO8601, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsPermissionsMap } from '@core/http/permissions.validator';
import type { AreaPermissionInput, Area } from '@shared/permissions';
import { API_TOKEN_LIMITS } from '@shared/contracts/api-tokens.contract';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** POST /api/tokens: a name, when it expires and what it may do (a subset of the caller's permissions). */
export class CreateApiTokenDto {
  @Transform(trim)
  @IsNotEmpty({ message: 'El nombre del token es obligatorio.' })
  @IsString({ message: 'El nombre del token debe ser texto.' })
  @MaxLength(API_TOKEN_LIMITS.name, { message: `El nombre del token no debe tener más de ${API_TOKEN_LIMITS.name} caracteres.` })
  name: string;

  @IsNotEmpty({ message: 'La fecha de vencimiento es obligatoria.' })
  @IsISO8601({ strict: true }, { message: 'La fecha de vencimiento no es válida (ISO 8601, p. ej. 2027-01-31T23:59:59-06:00).' })
  expires_at: string;

  /** Lists (`{ eventos_externos: ['view'] }`) or boolean objects, like a user's permissions. */
  @IsNotEmpty({ message: 'Elige al menos un permiso para el token.' })
  @IsPermissionsMap()
  permissions: Partial<Record<Area, AreaPermissionInput>>;
}
