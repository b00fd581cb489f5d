import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '@core/access/access.decorators';
import { Actor } from '@core/access/current-user';
import { IdParamPipe } from '@core/http/id-param.pipe';
import { Idempotent } from '@core/http/idempotency.interceptor';
import { Answer } from '@core/http/openapi-answers';
import type { EventActor } from '@shared/events/domain-events';
import { InternalScanDto, ScanBatchDto, ScanDto } from './door.dto';
import { DoorAnswers as A } from './door.openapi';
import { DoorService } from './door.service';

const LIFTED = 'Entrada autorizada sobre el aforo máximo.';
const RESTORED = 'La entrada vuelve a detenerse en el aforo máximo.';
const emptied = (n: number) => `Recinto vaciado: ${n} persona(s) marcadas fuera.`;

/**
 * The door of both kinds of event, under each event's own path and permission area: edit scans (and
 * downloads the offline codes), view reads the occupancy and the conflicts, delete lifts the stop and empties the
 * venue. One engine (DoorService); the kind picks the area's adapter.
 */
@ApiTags('puerta')
@ApiBearerAuth()
@Controller()
export class DoorController {
  constructor(private readonly door: DoorService) {}

  // ——— External events ———

  @Post('eventos-externos/:id/check-in')
  @HttpCode(200)
  @Answer(
    200,
    'El escaneo juzgado: admitted, exited, already_inside, not_inside, full, conflict o cancelled (404 si el código no existe).',
    A.scan,
  )
  @RequirePermission('eventos_externos', 'edit')
  @Idempotent()
  checkInExternal(@Param('id', IdParamPipe) id: number, @Body() dto: ScanDto, @Actor() actor: EventActor) {
    return this.door.scan('externo', id, dto, actor);
  }

  @Post('eventos-externos/:id/check-in/batch')
  @HttpCode(200)
  @Answer(200, 'Los escaneos de un dispositivo que estuvo sin conexión: cada scan_id una sola vez, aplicados por scanned_at.', A.batch)
  @RequirePermission('eventos_externos', 'edit')
  @Idempotent()
  batchExternal(@Param('id', IdParamPipe) id: number, @Body() dto: ScanBatchDto, @Actor() actor: EventActor) {
    return this.door.batch('externo', id, dto.scans, actor);
  }

  @Get('eventos-externos/:id/check-in/codes')
  @Answer(200, 'Los códigos válidos del evento, cifrados (SHA-256 con sal), para responder sin conexión. Sin datos personales.', A.codes)
  @RequirePermission('eventos_externos', 'edit')
  codesExternal(@Param('id', IdParamPipe) id: number) {
    return this.door.codes('externo', id);
  }

  @Get('eventos-externos/:id/check-in/conflicts')
  @Answer(200, 'Escaneos en conflicto (el mismo código por dos puertas sin conexión), para el supervisor.', A.conflicts)
  @RequirePermission('eventos_externos', 'view')
  async conflictsExternal(@Param('id', IdParamPipe) id: number) {
    return { conflicts: await this.door.conflicts('externo', id) };
  }

  @Get('eventos-externos/:id/occupancy')
  @Answer(200, 'Ocupación ahora: dentro, aforo, nivel, por puerta y la última hora.', A.occupancy)
  @RequirePermission('eventos_externos', 'view')
  occupancyExternal(@Param('id', IdParamPipe) id: number) {
    return this.door.occupancy('externo', id);
  }

  @Post('eventos-externos/:id/occupancy/override')
  @HttpCode(200)
  @Answer(200, 'Un supervisor autoriza seguir entrando en el aforo máximo (hasta que baje de él o lo quite).', A.stop)
  @RequirePermission('eventos_externos', 'delete')
  async liftExternal(@Param('id', IdParamPipe) id: number, @Actor() actor: EventActor) {
    return { message: LIFTED, occupancy: await this.door.setStopLifted('externo', id, true, actor) };
  }

  @Delete('eventos-externos/:id/occupancy/override')
  @Answer(200, 'Quita la autorización: la entrada vuelve a detenerse en el aforo máximo.', A.stop)
  @RequirePermission('eventos_externos', 'delete')
  async restoreExternal(@Param('id', IdParamPipe) id: number, @Actor() actor: EventActor) {
    return { message: RESTORED, occupancy: await this.door.setStopLifted('externo', id, false, actor) };
  }

  @Post('eventos-externos/:id/occupancy/empty')
  @HttpCode(200)
  @Answer(200, 'Vaciar recinto: todos los que estaban dentro quedan fuera.', A.emptied)
  @RequirePermission('eventos_externos', 'delete')
  async emptyExternal(@Param('id', IdParamPipe) id: number, @Actor() actor: EventActor) {
    const { count, occupancy } = await this.door.empty('externo', id, actor);
    return { message: emptied(count), count, occupancy };
  }

  // ——— Internal events ———

  /** Today's check-in, extended: its answer keeps `asistente`, `seat_assigned`, `already_checked_in` and `message`. */
  @Post('eventos-internos/:id/check-in')
  @HttpCode(200)
  @Answer(200, 'El escaneo juzgado, con el asistente y el asiento dado si hacía falta (404 si el código no existe).', A.internalScan)
  @RequirePermission('eventos_internos', 'edit')
  @Idempotent()
  checkInInternal(@Param('id', IdParamPipe) id: number, @Body() dto: InternalScanDto, @Actor() actor: EventActor) {
    return this.door.scan('interno', id, dto, actor);
  }

  @Post('eventos-internos/:id/check-in/batch')
  @HttpCode(200)
  @Answer(
    200,
    'Los escaneos de un dispositivo que estuvo sin conexión: cada scan_id una sola vez, aplicados por scanned_at.',
    A.internalBatch,
  )
  @RequirePermission('eventos_internos', 'edit')
  @Idempotent()
  batchInternal(@Param('id', IdParamPipe) id: number, @Body() dto: ScanBatchDto, @Actor() actor: EventActor) {
    return this.door.batch('interno', id, dto.scans, actor);
  }

  @Get('eventos-internos/:id/check-in/codes')
  @Answer(200, 'Los códigos de invitación del evento, cifrados (SHA-256 con sal), para responder sin conexión.', A.codes)
  @RequirePermission('eventos_internos', 'edit')
  codesInternal(@Param('id', IdParamPipe) id: number) {
    return this.door.codes('interno', id);
  }

  @Get('eventos-internos/:id/check-in/conflicts')
  @Answer(200, 'Escaneos en conflicto (el mismo código por dos puertas sin conexión), para el supervisor.', A.conflicts)
  @RequirePermission('eventos_internos', 'view')
  async conflictsInternal(@Param('id', IdParamPipe) id: number) {
    return { conflicts: await this.door.conflicts('interno', id) };
  }

  @Get('eventos-internos/:id/occupancy')
  @Answer(200, 'Ocupación ahora: dentro, aforo, nivel, por puerta, por sección del espacio y la última hora.', A.occupancy)
  @RequirePermission('eventos_internos', 'view')
  occupancyInternal(@Param('id', IdParamPipe) id: number) {
    return this.door.occupancy('interno', id);
  }

  @Post('eventos-internos/:id/occupancy/override')
  @HttpCode(200)
  @Answer(200, 'Un supervisor autoriza seguir entrando en el aforo máximo (hasta que baje de él o lo quite).', A.stop)
  @RequirePermission('eventos_internos', 'delete')
  async liftInternal(@Param('id', IdParamPipe) id: number, @Actor() actor: EventActor) {
    return { message: LIFTED, occupancy: await this.door.setStopLifted('interno', id, true, actor) };
  }

  @Delete('eventos-internos/:id/occupancy/override')
  @Answer(200, 'Quita la autorización: la entrada vuelve a detenerse en el aforo máximo.', A.stop)
  @RequirePermission('eventos_internos', 'delete')
  async restoreInternal(@Param('id', IdParamPipe) id: number, @Actor() actor: EventActor) {
    return { message: RESTORED, occupancy: await this.door.setStopLifted('interno', id, false, actor) };
  }

  @Post('eventos-internos/:id/occupancy/empty')
  @HttpCode(200)
  @Answer(200, 'Vaciar recinto: todos los que estaban dentro quedan fuera.', A.emptied)
  @RequirePermission('eventos_internos', 'delete')
  async emptyInternal(@Param('id', IdParamPipe) id: number, @Actor() actor: EventActor) {
    const { count, occupancy } = await this.door.empty('interno', id, actor);
    return { message: emptied(count), count, occupancy };
  }
}
