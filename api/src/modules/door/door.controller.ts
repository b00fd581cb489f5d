import { Body, Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '@core/access/access.decorators';
import { Actor } from '@core/access/current-user';
import { Endpoint } from '@core/http/endpoint';
import { IdParam } from '@core/http/id-param.pipe';
import { Idempotent } from '@core/http/idempotency.guard';
import { type JsonSchema } from '@core/http/openapi-answers';
import type { DoorKind } from '@shared/contracts/door.contract';
import type { EventActor } from '@shared/events/domain-events';
import type { Area } from '@shared/permissions';
import { InternalScanDto, ScanBatchDto, ScanDto } from './door.dto';
import { DoorAnswers as A } from './door.openapi';
import { DoorService } from './door.service';

const LIFTED = 'Entrada autorizada sobre el aforo máximo.';
const RESTORED = 'La entrada vuelve a detenerse en el aforo máximo.';
const emptied = (n: number) => `Recinto vaciado: ${n} persona(s) marcadas fuera.`;

/** What differs between the two kinds' door routes: the event's path and permission area, and what some answers say. */
interface DoorRoutesOf {
  kind: DoorKind;
  area: Area;
  batch: JsonSchema;
  codes: string;
  occupancy: string;
}

/**
 * The door routes of one kind of event, under that event's path (`eventos-externos/:id/…`) and permission area:
 * edit scans (and downloads the offline codes), view reads the occupancy and the conflicts, delete lifts the stop and
 * empties the venue. One engine (DoorService); the kind picks the area's adapter. The single scan's body and answer
 * differ by kind, so each kind's controller declares it.
 */
function doorRoutes(o: DoorRoutesOf) {
  @ApiTags('puerta')
  abstract class DoorRoutes {
    constructor(protected readonly door: DoorService) {}

    @Endpoint(
      'POST :id/check-in/batch',
      'Registrar en la puerta los escaneos de un dispositivo que estuvo sin conexión',
      RequirePermission(o.area, 'edit'),
      { 200: ['Los escaneos de un dispositivo que estuvo sin conexión: cada scan_id una sola vez, aplicados por scanned_at.', o.batch] },
    )
    @Idempotent()
    batch(@IdParam() id: number, @Body() dto: ScanBatchDto, @Actor() actor: EventActor) {
      return this.door.batch(o.kind, id, dto.scans, actor);
    }

    @Endpoint('GET :id/check-in/codes', 'Descargar los códigos del evento para escanear sin conexión', RequirePermission(o.area, 'edit'), {
      200: [o.codes, A.codes],
    })
    codes(@IdParam() id: number) {
      return this.door.codes(o.kind, id);
    }

    @Endpoint('GET :id/check-in/conflicts', 'Listar los escaneos en conflicto de la puerta', RequirePermission(o.area, 'view'), {
      200: ['Escaneos en conflicto (el mismo código por dos puertas sin conexión), para el supervisor.', A.conflicts],
    })
    async conflicts(@IdParam() id: number) {
      return { conflicts: await this.door.conflicts(o.kind, id) };
    }

    @Endpoint('POST :id/occupancy/override', 'Autorizar entradas sobre el aforo máximo', RequirePermission(o.area, 'delete'), {
      200: ['Un supervisor autoriza seguir entrando en el aforo máximo (hasta que baje de él o lo quite).', A.stop],
    })
    async lift(@IdParam() id: number, @Actor() actor: EventActor) {
      return { message: LIFTED, occupancy: await this.door.setStopLifted(o.kind, id, true, actor) };
    }

    @Endpoint('DELETE :id/occupancy/override', 'Volver a detener la entrada en el aforo máximo', RequirePermission(o.area, 'delete'), {
      200: ['Quita la autorización: la entrada vuelve a detenerse en el aforo máximo.', A.stop],
    })
    async restore(@IdParam() id: number, @Actor() actor: EventActor) {
      return { message: RESTORED, occupancy: await this.door.setStopLifted(o.kind, id, false, actor) };
    }

    @Endpoint('POST :id/occupancy/empty', 'Vaciar el recinto (marcar fuera a quienes siguen dentro)', RequirePermission(o.area, 'delete'), {
      200: ['Vaciar recinto: todos los que estaban dentro quedan fuera.', A.emptied],
    })
    async empty(@IdParam() id: number, @Actor() actor: EventActor) {
      const { count, occupancy } = await this.door.empty(o.kind, id, actor);
      return { message: emptied(count), count, occupancy };
    }

    @Endpoint('GET :id/occupancy', 'Ver la ocupación del recinto', RequirePermission(o.area, 'view'), { 200: [o.occupancy, A.occupancy] })
    occupancy(@IdParam() id: number) {
      return this.door.occupancy(o.kind, id);
    }
  }
  return DoorRoutes;
}

@Controller('eventos-externos')
export class ExternalDoorController extends doorRoutes({
  kind: 'externo',
  area: 'eventos_externos',
  batch: A.batch,
  codes: 'Los códigos válidos del evento, cifrados (SHA-256 con sal), para responder sin conexión. Sin datos personales.',
  occupancy: 'Ocupación ahora: dentro, aforo, nivel, por puerta y la última hora.',
}) {
  @Endpoint('POST :id/check-in', 'Registrar un escaneo en la puerta de un evento externo', RequirePermission('eventos_externos', 'edit'), {
    200: [
      'El escaneo juzgado: admitted, exited, already_inside, not_inside, full, conflict o cancelled (404 si el código no existe).',
      A.scan,
    ],
  })
  @Idempotent()
  checkIn(@IdParam() id: number, @Body() dto: ScanDto, @Actor() actor: EventActor) {
    return this.door.scan('externo', id, dto, actor);
  }
}

@Controller('eventos-internos')
export class InternalDoorController extends doorRoutes({
  kind: 'interno',
  area: 'eventos_internos',
  batch: A.internalBatch,
  codes: 'Los códigos de invitación del evento, cifrados (SHA-256 con sal), para responder sin conexión.',
  occupancy: 'Ocupación ahora: dentro, aforo, nivel, por puerta, por sección del espacio y la última hora.',
}) {
  /** Today's check-in, extended: its answer keeps `asistente`, `seat_assigned`, `already_checked_in` and `message`. */
  @Endpoint('POST :id/check-in', 'Registrar un escaneo en la puerta de un evento interno', RequirePermission('eventos_internos', 'edit'), {
    200: ['El escaneo juzgado, con el asistente y el asiento dado si hacía falta (404 si el código no existe).', A.internalScan],
  })
  @Idempotent()
  checkIn(@IdParam() id: number, @Body() dto: InternalScanDto, @Actor() actor: EventActor) {
    return this.door.scan('interno', id, dto, actor);
  }
}
