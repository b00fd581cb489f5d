import { Body, Controller, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '@core/access/access.decorators';
import { Actor } from '@core/access/current-user';
import { Endpoint } from '@core/http/endpoint';
import { IdParam } from '@core/http/id-param.pipe';
import type { EventActor } from '@shared/events/domain-events';
import { ArcoQueueQueryDto, ArcoResolveDto } from './privacy.dto';
import { PrivacyAnswers } from './privacy.openapi';
import { PrivacyService } from './privacy.service';

/** The queue 'Solicitudes ARCO': staff of the privacidad area; resolving needs edit. */
@ApiTags('privacidad')
@Controller('privacidad/solicitudes')
export class PrivacyController {
  constructor(private readonly privacy: PrivacyService) {}

  @Endpoint('GET', 'Listar las solicitudes ARCO', RequirePermission('privacidad', 'view'), {
    200: ['Las solicitudes confirmadas: pendientes primero (la fecha límite más cercana primero), 20 por página.', PrivacyAnswers.page],
  })
  list(@Query() query: ArcoQueueQueryDto) {
    return this.privacy.list(query);
  }

  @Endpoint('GET :id', 'Ver una solicitud ARCO', RequirePermission('privacidad', 'view'), {
    200: ['Una solicitud y, si está pendiente, todo lo que se tiene de su dirección en cada área.', PrivacyAnswers.detail],
  })
  async detail(@IdParam() id: number) {
    return { solicitud: await this.privacy.detail(id) };
  }

  @Endpoint('POST :id/resolver', 'Resolver una solicitud ARCO', RequirePermission('privacidad', 'edit'), {
    200: ['Resuelta según su tipo (acceso, rectificación, cancelación, oposición) y notificada a la persona.', PrivacyAnswers.resolved],
  })
  async resolve(@IdParam() id: number, @Body() dto: ArcoResolveDto, @Actor() actor: EventActor) {
    return { message: 'Solicitud resuelta; se notificó a la persona.', solicitud: await this.privacy.resolve(id, dto, actor) };
  }
}
