import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '@core/http/endpoint';
import { RequirePermission } from '@core/access/access.decorators';
import { Actor } from '@core/access/current-user';
import type { EventActor } from '@shared/events/domain-events';
import { RetentionAnswers } from './retention.openapi';
import { RetentionService } from './retention.service';

/**
 * 'Conservación de datos' (docs/decisions/privacidad-conservacion.md): the dry run for staff of the 'privacidad' area
 * (view), running it now for those who may edit there (super admins too).
 */
@ApiTags('privacidad')
@Controller('privacidad/conservacion')
export class RetentionController {
  constructor(private readonly retention: RetentionService) {}

  @Endpoint('GET', 'Ver el informe de conservación de datos', RequirePermission('privacidad', 'view'), {
    200: ['Lo que una ejecución cambiaría ahora, por área (nada cambia), y las últimas ejecuciones.', RetentionAnswers.report],
  })
  report() {
    return this.retention.report();
  }

  @Endpoint('POST ejecutar', 'Ejecutar ahora la conservación de datos', RequirePermission('privacidad', 'edit'), {
    200: ['Ejecutada ahora: lo vencido quedó anonimizado, purgado o eliminado; queda registrada y en la bitácora.', RetentionAnswers.run],
  })
  async run(@Actor() actor: EventActor) {
    const ejecucion = (await this.retention.run('manual', actor))!;
    const message =
      ejecucion.total === 0
        ? 'Conservación de datos ejecutada: no había nada vencido.'
        : `Conservación de datos ejecutada: ${ejecucion.total.toLocaleString('es-MX')} ${ejecucion.total === 1 ? 'registro cambiado' : 'registros cambiados'}.`;
    return { message, ejecucion };
  }
}
