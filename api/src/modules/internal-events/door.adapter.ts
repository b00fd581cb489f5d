import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isConfirmationCode } from '@shared/contracts/internal-events.contract';
import type { DoorAdapter, DoorHolder } from '../door/door-adapter';
import { CheckInService } from './check-in.service';
import { InternalEventsRepository } from './internal-events.repository';
import { CODE_FORMAT } from './public-internal-events.service';
import { fullName } from '@core/format/person-names';

const holder = (p: { id: number; nombre: string; apellido_paterno: string; apellido_materno: string }): DoorHolder => ({
  id: p.id,
  nombre: p.nombre,
  nombre_completo: fullName(p),
  admissible: true,
});

/** The door of an internal event: the invitation's 5-character code; a seat is given at the entry, as today. */
@Injectable()
export class InternalDoorAdapter implements DoorAdapter {
  readonly formatMessage = CODE_FORMAT;
  readonly notFoundMessage = 'No hay ningún invitado con ese código en este evento.';

  constructor(
    private readonly repo: InternalEventsRepository,
    private readonly checkIn: CheckInService,
  ) {}

  async event(id: number) {
    const e = await this.repo.findById(id);
    return e ? { aforo_maximo: e.aforo_maximo, titulo: e.titulo, fecha_evento: new Date(e.fecha_evento).toISOString() } : null;
  }
  isCode = isConfirmationCode;
  async holder(eventId: number, code: string) {
    const [p] = await this.repo.doorHolders(eventId, { code });
    return p ? holder(p) : null;
  }
  /** The invitations of these codes, locked (a merge of people locks its people's invitations first too). */
  async lockHolders(manager: EntityManager, eventId: number, codes: string[]) {
    return new Map((await this.repo.lockInvitationCodes(manager, eventId, codes)).map((r) => [r.code, r.persona_id] as const));
  }
  admit = (...[tx, eventId, personaId, actor, options]: Parameters<DoorAdapter['admit']>) =>
    this.checkIn.admitAtDoor(tx, eventId, personaId, actor, options);
  extras = (eventId: number, personaId: number) => this.checkIn.doorAttendee(eventId, personaId);
  validCodes = (eventId: number) => this.repo.doorCodes(eventId);
  async people(eventId: number, ids: number[]) {
    if (ids.length === 0) return new Map();
    return new Map((await this.repo.doorHolders(eventId, { ids })).map((p) => [p.id, holder(p)] as const));
  }
  sections = (eventId: number, insideIds: number[]) => this.checkIn.doorSections(eventId, insideIds);
}
