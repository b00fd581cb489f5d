import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Public, SignedIn } from '@core/access/access.decorators';
import { Actor, CurrentUser, type AforoRequest, type AuthUser } from '@core/access/current-user';
import type { EventActor } from '@core/events/domain-events';
import { LoginDto, RegisterDto } from './auth.dto';
import { AuthService } from './auth.service';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('login')
  @HttpCode(200)
  @Public()
  login(@Body() dto: LoginDto, @Req() req: AforoRequest) {
    return this.auth.login(dto, req.ip ?? 'unknown');
  }

  @Post('register')
  @Public()
  register(@Body() dto: RegisterDto, @Req() req: AforoRequest) {
    return this.auth.register(dto, req.ip ?? 'unknown');
  }

  @Post('logout')
  @HttpCode(200)
  @SignedIn()
  @ApiBearerAuth()
  async logout(@CurrentUser() user: AuthUser, @Actor() actor: EventActor) {
    await this.auth.logout(user, actor);
    return { message: 'Sesión cerrada correctamente.' };
  }

  @Get('me')
  @SignedIn()
  @ApiBearerAuth()
  me(@CurrentUser() user: AuthUser) {
    return this.auth.me(user);
  }

  /** Same answer as /api/me (the old client's Laravel-style alias). */
  @Get('user')
  @SignedIn()
  @ApiBearerAuth()
  user(@CurrentUser() user: AuthUser) {
    return this.auth.me(user);
  }
}
