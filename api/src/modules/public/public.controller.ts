import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '@core/access/access.decorators';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import { Endpoint } from '@core/http/endpoint';
import { S } from '@core/http/openapi-answers';

@ApiTags('public')
@Controller('public')
export class PublicController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** What the web app needs before sign-in: the municipality (titles) and the display time zone. */
  @Endpoint('GET config', 'Ver la configuración pública del sitio', Public(), {
    200: [
      'Lo que la web necesita antes de iniciar sesión.',
      S.object({ municipio: S.text('Monterrey'), tz_display: S.text('America/Monterrey'), allow_registration: S.bool(true) }),
    ],
  })
  config_() {
    return { municipio: this.config.municipio, tz_display: this.config.tzDisplay, allow_registration: this.config.allowRegistration };
  }
}
