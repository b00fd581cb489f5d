import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AllowedBeforePasswordChange, ApiTokenAllowed, Public, SignedIn } from '@core/access/access.decorators';
import { Actor, CurrentUser, type AforoRequest, type AuthUser } from '@core/access/current-user';
import type { EventActor } from '@shared/events/domain-events';
import { ChangePasswordDto, LoginDto, RegisterDto } from './auth.dto';
import { AuthService } from './auth.service';
import { Answer, S } from '@core/http/openapi-answers';
import { UserAnswers } from '../users/users.openapi';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @ApiOperation({ summary: 'Iniciar sesión' })
  @Post('login')
  @Answer(200, 'Sesión iniciada.', UserAnswers.session)
  @HttpCode(200)
  @Public()
  login(@Body() dto: LoginDto, @Req() req: AforoRequest) {
    return this.auth.login(dto, req.ip ?? 'unknown');
  }

  @ApiOperation({ summary: 'Crear una cuenta e iniciar sesión' })
  @Post('register')
  @Answer(201, 'Cuenta creada y sesión iniciada.', UserAnswers.session)
  @Public()
  register(@Body() dto: RegisterDto, @Req() req: AforoRequest) {
    return this.auth.register(dto, req.ip ?? 'unknown');
  }

  @ApiOperation({ summary: 'Cerrar la sesión' })
  @Post('logout')
  @Answer(200, 'Sesión cerrada (el token deja de servir).', S.object({ message: S.message('Sesión cerrada correctamente.') }))
  @HttpCode(200)
  @SignedIn()
  @AllowedBeforePasswordChange()
  @ApiBearerAuth()
  async logout(@CurrentUser() user: AuthUser, @Actor() actor: EventActor) {
    await this.auth.logout(user, actor);
    return { message: 'Sesión cerrada correctamente.' };
  }

  @ApiOperation({ summary: 'Ver la cuenta propia y su actividad reciente' })
  @Get('me')
  @Answer(200, 'La cuenta de quien llama, con su actividad reciente.', UserAnswers.me)
  @SignedIn()
  @AllowedBeforePasswordChange()
  @ApiTokenAllowed()
  @ApiBearerAuth()
  me(@CurrentUser() user: AuthUser) {
    return this.auth.me(user);
  }

  /** One's own password; the only way on for a session whose password was generated (must_change_password). */
  @ApiOperation({ summary: 'Cambiar la contraseña propia' })
  @Post('me/password')
  @Answer(200, 'Contraseña cambiada; las demás sesiones de la cuenta se cierran.', UserAnswers.passwordChanged)
  @HttpCode(200)
  @SignedIn()
  @AllowedBeforePasswordChange()
  @ApiBearerAuth()
  async changePassword(@CurrentUser() user: AuthUser, @Body() dto: ChangePasswordDto, @Actor() actor: EventActor) {
    return { message: 'Contraseña actualizada.', user: await this.auth.changePassword(user, dto, actor) };
  }

  /** Same answer as /api/me (the old client's Laravel-style alias). */
  @ApiOperation({ summary: 'Ver la cuenta propia (alias de /api/me)' })
  @Get('user')
  @Answer(200, 'Igual que GET /api/me (cliente antiguo).', UserAnswers.me)
  @SignedIn()
  @AllowedBeforePasswordChange()
  @ApiTokenAllowed()
  @ApiBearerAuth()
  user(@CurrentUser() user: AuthUser) {
    return this.auth.me(user);
  }
}
