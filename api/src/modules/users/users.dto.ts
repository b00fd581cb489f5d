import { IntersectionType } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import type { AreaPermissionInput, Area } from '@shared/permissions';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './users.constants';
import { IsPermissionsMap } from '@core/http/permissions.validator';
import { Matches as SameAs } from '@core/http/same-as.validator';
import { AccountFieldsDto, NewPasswordDto } from './account.dto';

class UserFieldsDto extends AccountFieldsDto {
  @IsOptional()
  @IsBoolean()
  is_super_admin?: boolean;

  /** Lists (`{ eventos_internos: ['view'] }`) or boolean objects (`{ personas: { view: true } }`). */
  @IsOptional()
  @IsPermissionsMap()
  permissions?: Partial<Record<Area, AreaPermissionInput>>;
}

export class CreateUserDto extends IntersectionType(UserFieldsDto, NewPasswordDto) {}

export class UpdateUserDto extends UserFieldsDto {
  /** Optional: only sent (with its confirmation) when it changes. */
  @ValidateIf((o: UpdateUserDto) => o.password !== undefined && o.password !== null && o.password !== '')
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH, { message: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.` })
  @MaxLength(PASSWORD_MAX_LENGTH)
  password?: string | null;

  @ValidateIf((o: UpdateUserDto) => o.password !== undefined && o.password !== null && o.password !== '')
  @IsString({ message: 'La confirmación de la contraseña es obligatoria.' })
  @SameAs('password', { message: 'Las contraseñas no coinciden.' })
  password_confirmation?: string | null;
}
