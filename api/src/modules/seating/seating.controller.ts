import { Body, Controller, Param, ParseUUIDPipe, Query, Req, Res } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { RequirePermission } from '@core/access/access.decorators';
import { Actor } from '@core/access/current-user';
import { DomainException } from '@core/errors/domain-exception';
import type { EventActor } from '@shared/events/domain-events';
import { Endpoint } from '@core/http/endpoint';
import { IdParam } from '@core/http/id-param.pipe';
import { sendRevalidatedJson } from '@core/http/revalidated-json';
import { AssignSeatDto, MassAssignSeatsDto, SeatingMapQueryDto } from './seating.dto';
import { SeatingAnswers } from './seating.openapi';
import { SeatingService } from './seating.service';

/** The mass assignment's id in the path: a UUID (anything else → 422, nothing is looked up). */
const MassIdParam = () => ApiParam({ name: 'massId', format: 'uuid', description: 'Id de la asignación masiva (UUID).' });

const uuidPipe = new ParseUUIDPipe({
  exceptionFactory: () => DomainException.validation({ id: ['El identificador no es válido.'] }, 'El identificador no es válido.'),
});

/**
 * The seating map (spec 2 §7). Looking needs eventos_internos 'view'; every change (assign, release,
 * mass assign, undo) needs 'edit' (spec 2 §6).
 */
@ApiTags('eventos-internos')
@Controller('eventos-internos/:id')
export class SeatingController {
  constructor(private readonly seating: SeatingService) {}

  /**
   * Two forms from the same reads (docs/decisions/asientos.md): by default the spec's (spec 2 §3, §7: spaces →
   * secciones → asientos, each seat labelled, holding its assignment); `?formato=compacto` the seating
   * screen's (seat ids per section, assignments once). Each form has its own ETag (the SHA-1 of its body).
   */
  @Endpoint('GET seating-map', 'Ver el mapa de asientos de un evento interno', RequirePermission('eventos_internos', 'view'), {
    200: [
      'El mapa de asientos del evento. Por omisión (formato=completo) en la forma de la especificación: espacios → secciones → ' +
        'asientos, cada asiento con fila, número, código, displayCode y su asignación. Con formato=compacto, la forma de la ' +
        'pantalla del mapa: ids de asiento por sección y las asignaciones en una lista. El campo formato dice cuál es.',
      SeatingAnswers.map,
    ],
    304: 'Sin cambios desde el ETag enviado en If-None-Match (sin cuerpo). Cada formato tiene su ETag.',
  })
  async map(@IdParam() id: number, @Query() query: SeatingMapQueryDto, @Req() req: Request, @Res() res: Response) {
    // A screen resyncing (after joining its rooms, after a missed version) sends the ETag it holds.
    sendRevalidatedJson(req, res, await this.seating.map(id, query.formato ?? 'completo'));
  }

  @Endpoint('POST assign-seat', 'Asignar un asiento', RequirePermission('eventos_internos', 'edit'), {
    201: ['Asiento asignado a un asistente del evento.', SeatingAnswers.assigned],
  })
  assign(@IdParam() id: number, @Body() dto: AssignSeatDto, @Actor() actor: EventActor) {
    return this.seating.assignSeat(id, dto.persona_id, dto.asiento_id, actor);
  }

  @Endpoint('DELETE remove-seat/:assignmentId', 'Liberar un asiento', RequirePermission('eventos_internos', 'edit'), {
    200: ['Asignación eliminada: el asiento queda libre.', SeatingAnswers.released],
  })
  remove(@IdParam() id: number, @IdParam('assignmentId') assignmentId: number, @Actor() actor: EventActor) {
    return this.seating.removeSeat(id, assignmentId, actor);
  }

  /** Answers at once (202) with the job id; progress and the result are pushed to the seating room. */
  @Endpoint('POST mass-assign-seats', 'Asignar asientos en masa', RequirePermission('eventos_internos', 'edit'), {
    202: ['Asignación masiva registrada y en la cola; su avance y su resultado se empujan a la sala del mapa.', SeatingAnswers.massQueued],
  })
  massAssign(@IdParam() id: number, @Body() dto: MassAssignSeatsDto, @Actor() actor: EventActor) {
    return this.seating.massAssign(id, dto.persona_ids, dto.seccion_id, actor);
  }

  @Endpoint('GET mass-assign-seats/:massId', 'Ver una asignación masiva de asientos', RequirePermission('eventos_internos', 'view'), {
    200: ['Una asignación masiva del evento: estado, avance y resultado.', SeatingAnswers.mass],
  })
  @MassIdParam()
  async massAssignment(@IdParam() id: number, @Param('massId', uuidPipe) massId: string) {
    return { mass_assignment: await this.seating.massAssignment(id, massId) };
  }

  @Endpoint(
    'POST mass-assign-seats/:massId/undo',
    'Deshacer una asignación masiva de asientos',
    RequirePermission('eventos_internos', 'edit'),
    { 201: ['Asignación masiva deshecha: se liberan los asientos que dio y que siguen ocupados por ella.', SeatingAnswers.undone] },
  )
  @MassIdParam()
  undo(@IdParam() id: number, @Param('massId', uuidPipe) massId: string, @Actor() actor: EventActor) {
    return this.seating.undoMass(id, massId, actor);
  }
}
