import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '@core/access/access.decorators';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';

@ApiTags('public')
@Controller('public')
export class PublicController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** What the web app needs before sign-in: the municipality (titles) and the display time zone. */
  @Get('config')
  @Public()
  config_() {
    return { municipio: this.config.municipio, tz_display: this.config.tzDisplay, allow_registration: this.config.allowRegistration };
  }
}
