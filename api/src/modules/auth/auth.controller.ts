import { Body, Controller, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public, SignedIn } from '@core/access/access.decorators';
import { Actor, CurrentUser, type AforoRequest, type AuthUser } from '@core/access/current-user';
import type { EventActor } from '@shared/events/domain-events';
import { ChangePasswordDto, LoginDto, RegisterDto } from './auth.dto';
import { AuthService } from './auth.service';
import { Endpoint } from '@core/http/endpoint';
import { S } from '@core/http/openapi-answers';
import { UserAnswers } from '../users/users.openapi';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Endpoint('POST login', 'Iniciar sesión', Public(), { 200: ['Sesión iniciada.', UserAnswers.session] })
  login(@Body() dto: LoginDto, @Req() req: AforoRequest) {
    return this.auth.login(dto, req.ip ?? 'unknown');
  }

  @Endpoint('POST register', 'Crear una cuenta e iniciar sesión', Public(), {
    201: ['Cuenta creada y sesión iniciada.', UserAnswers.session],
  })
  register(@Body() dto: RegisterDto, @Req() req: AforoRequest) {
    return this.auth.register(dto, req.ip ?? 'unknown');
  }

  @Endpoint('POST logout', 'Cerrar la sesión', SignedIn({ beforePasswordChange: true }), {
    200: ['Sesión cerrada (el token deja de servir).', S.object({ message: S.message('Sesión cerrada correctamente.') })],
  })
  async logout(@CurrentUser() user: AuthUser, @Actor() actor: EventActor) {
    await this.auth.logout(user, actor);
    return { message: 'Sesión cerrada correctamente.' };
  }

  @Endpoint('GET me', 'Ver la cuenta propia y su actividad reciente', SignedIn({ beforePasswordChange: true, apiToken: true }), {
    200: ['La cuenta de quien llama, con su actividad reciente.', UserAnswers.me],
  })
  me(@CurrentUser() user: AuthUser) {
    return this.auth.me(user);
  }

  /** One's own password; the only way on for a session whose password was generated (must_change_password). */
  @Endpoint('POST me/password', 'Cambiar la contraseña propia', SignedIn({ beforePasswordChange: true }), {
    200: ['Contraseña cambiada; las demás sesiones de la cuenta se cierran.', UserAnswers.passwordChanged],
  })
  async changePassword(@CurrentUser() user: AuthUser, @Body() dto: ChangePasswordDto, @Actor() actor: EventActor) {
    return { message: 'Contraseña actualizada.', user: await this.auth.changePassword(user, dto, actor) };
  }

  /** Same answer as /api/me (the old client's Laravel-style alias). */
  @Endpoint('GET user', 'Ver la cuenta propia (alias de /api/me)', SignedIn({ beforePasswordChange: true, apiToken: true }), {
    200: ['Igual que GET /api/me (cliente antiguo).', UserAnswers.me],
  })
  user(@CurrentUser() user: AuthUser) {
    return this.auth.me(user);
  }
}
