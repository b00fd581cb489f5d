import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './users.constants';
import { Matches as SameAs } from '@core/http/same-as.validator';
import { EMAIL_MAX_LENGTH } from '@shared/limits';

/** The fields of an account, owned by users; auth's sign-up form is made of them. */
export const trimLower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);
export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Name and e-mail of an account (self-registration and the users screen). */
export class AccountFieldsDto {
  @Transform(trim)
  @IsNotEmpty({ message: 'El nombre es obligatorio.' })
  @IsString()
  @MaxLength(NAME_MAX_LENGTH)
  name: string;

  @Transform(trimLower)
  @IsNotEmpty({ message: 'El correo electrónico es obligatorio.' })
  @IsEmail({}, { message: 'El correo electrónico no es válido.' })
  @MaxLength(EMAIL_MAX_LENGTH)
  email: string;
}

/** A new password and its confirmation (self-registration, a user created by an administrator). */
export class NewPasswordDto {
  @IsNotEmpty({ message: 'La contraseña es obligatoria.' })
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH, { message: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.` })
  @MaxLength(PASSWORD_MAX_LENGTH)
  password: string;

  @IsNotEmpty({ message: 'La confirmación de la contraseña es obligatoria.' })
  @IsString()
  @SameAs('password', { message: 'Las contraseñas no coinciden.' })
  password_confirmation: string;
}
