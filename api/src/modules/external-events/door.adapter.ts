import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DoorAdapter, DoorHolder } from '../door/door-adapter';
import { ExternalEventsRepository } from './external-events.repository';
import { RegistrationsRepository, type DoorRegistrationRow } from './registrations.repository';
import { RegistrationsService } from './registrations.service';
import { fullName } from '@core/format/person-names';

const holder = (r: DoorRegistrationRow): DoorHolder => ({
  id: r.id,
  nombre: r.nombre,
  nombre_completo: fullName(r),
  admissible: r.status !== 'cancelled',
});

/** The door of a public event: a registration's 8-character `codigo` (the mail's code and QR) lets it in. */
@Injectable()
export class ExternalDoorAdapter implements DoorAdapter {
  readonly formatMessage = 'Por favor ingresa un código de acceso válido de 8 caracteres.';
  readonly notFoundMessage = 'No hay ningún registro con ese código en este evento.';

  constructor(
    private readonly events: ExternalEventsRepository,
    private readonly registrations: RegistrationsRepository,
    private readonly service: RegistrationsService,
  ) {}

  async event(id: number, manager?: EntityManager) {
    const e = await this.events.findById(id, manager);
    return e ? { aforo_maximo: e.aforoMaximo, titulo: e.title, fecha_evento: e.eventDate.toISOString() } : null;
  }
  isCode = (code: string) => /^[A-Z0-9]{8}$/.test(code);
  async holder(eventId: number, code: string, manager?: EntityManager) {
    const r = await this.registrations.findByCode(eventId, code, manager);
    return r ? holder(r) : null;
  }
  async admit(...[tx, eventId, id]: Parameters<DoorAdapter['admit']>) {
    await this.service.attendAtDoor(tx, eventId, id);
    return {};
  }
  extras = async () => ({});
  validCodes = (eventId: number) => this.registrations.doorCodes(eventId);
  async people(eventId: number, ids: number[]) {
    return new Map((await this.registrations.byIds(eventId, ids)).map((r) => [r.id, holder(r)] as const));
  }
}
