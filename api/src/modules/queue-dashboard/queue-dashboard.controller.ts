import { All, Controller, Inject, Next, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { SuperAdminOnly } from '@core/access/access.decorators';
import { CurrentUser, type AuthUser } from '@core/access/current-user';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { Endpoint } from '@core/http/endpoint';
import { S } from '@core/http/openapi-answers';
import { socketOriginAllowed } from '@core/http/socket-origin';
import { QUEUE_DASHBOARD_COOKIE, QUEUE_DASHBOARD_PATH } from '@core/access/dashboard-cookie';
import { QueueDashboardService } from './queue-dashboard.service';

/**
 * The queue dashboard (bull-board) for super admins, behind the global access guard like every route. Its
 * pages cannot send a bearer header, so a super admin first asks for a short-lived cookie with the bearer
 * token (POST session); the cookie only travels to these paths and only opens this dashboard.
 */
@ApiTags('admin')
@Controller('admin/queues')
export class QueueDashboardController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dashboard: QueueDashboardService,
  ) {}

  @Endpoint('POST session', 'Abrir el tablero de colas (cookie de una sesión)', SuperAdminOnly(), {
    200: [
      'Cookie de acceso al tablero de colas (HttpOnly, SameSite=Strict, 15 minutos, solo para esta ruta).',
      S.object({ message: S.message('Acceso al tablero de colas concedido.'), url: S.text(QUEUE_DASHBOARD_PATH), expires_at: S.date() }),
    ],
  })
  async openSession(@CurrentUser() user: AuthUser, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { token, expiresAt } = await this.dashboard.issueToken(user);
    res.setHeader('Set-Cookie', this.cookie(token, req, Math.round((expiresAt.getTime() - Date.now()) / 1000)));
    return { message: 'Acceso al tablero de colas concedido.', url: QUEUE_DASHBOARD_PATH, expires_at: expiresAt.toISOString() };
  }

  @Endpoint('DELETE session', 'Cerrar el tablero de colas', SuperAdminOnly(), {
    200: ['Cookie del tablero borrada.', S.object({ message: S.message('Acceso al tablero de colas cerrado.') })],
  })
  closeSession(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    res.setHeader('Set-Cookie', this.cookie('', req, 0));
    return { message: 'Acceso al tablero de colas cerrado.' };
  }

  /** bull-board's pages, assets and API. Writes (retry, clean…) must come from the app's own pages. */
  @All(['', '{*path}'])
  @SuperAdminOnly()
  @ApiExcludeEndpoint()
  serve(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction): void {
    if (req.method !== 'GET' && req.method !== 'HEAD' && (!req.headers.origin || !socketOriginAllowed(req, this.config))) {
      throw new DomainException(ErrorCode.Forbidden, 'No tienes permiso para realizar esta acción.');
    }
    res.setHeader('Cache-Control', 'no-store');
    this.dashboard.handle(req, res, next);
  }

  private cookie(value: string, req: Request, maxAgeSeconds: number): string {
    return [
      `${QUEUE_DASHBOARD_COOKIE}=${value}`,
      `Path=${QUEUE_DASHBOARD_PATH}`,
      `Max-Age=${maxAgeSeconds}`,
      'HttpOnly',
      'SameSite=Strict',
      ...(req.secure ? ['Secure'] : []),
    ].join('; ');
  }
}
