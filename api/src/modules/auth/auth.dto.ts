import { IntersectionType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { PASSWORD_MAX_LENGTH } from '../users/users.constants';
import { EMAIL_MAX_LENGTH } from '@shared/limits';
import { AccountFieldsDto, NewPasswordDto, trimLower } from '../users/account.dto';

export class LoginDto {
  @Transform(trimLower)
  @IsNotEmpty({ message: 'El correo electrónico es obligatorio.' })
  @IsString()
  @MaxLength(EMAIL_MAX_LENGTH)
  email: string;

  @IsNotEmpty({ message: 'La contraseña es obligatoria.' })
  @IsString()
  @MaxLength(PASSWORD_MAX_LENGTH)
  password: string;

  /** The login form's remember-me box: accepted, not used (spec 1 §2.3). */
  @IsOptional()
  @IsBoolean()
  remember?: boolean;
}

export class RegisterDto extends IntersectionType(AccountFieldsDto, NewPasswordDto) {}

/** POST /api/me/password: one's own password, changed (required first when it was generated). */
export class ChangePasswordDto extends NewPasswordDto {
  @IsNotEmpty({ message: 'La contraseña actual es obligatoria.' })
  @IsString()
  @MaxLength(PASSWORD_MAX_LENGTH)
  current_password: string;
}
