import type { TestApp } from '../setup/test-app';
import { publicForms, staffForm } from './requests';
import { joinConfirmed } from './waitlist-join';

let n = 0;

export function eventBody(overrides: Record<string, unknown> = {}) {
  n++;
  return {
    title: `Feria del Empleo ${n}`,
    description: 'Encuentro de empresas regiomontanas con buscadores de empleo.',
    event_date: '2027-03-15T16:00:00.000Z',
    end_date: '2027-03-15T22:00:00.000Z',
    location: 'Parque Fundidora, Monterrey',
    max_attendees: 50,
    status: 'published',
    ...overrides,
  };
}

type TestEvent = { id: number; slug: string; title: string; status: string; max_attendees: number; current_attendees: number };

/** Creating and saving an event's form (`eventBody(overrides)`) as the token's holder; `createEvent`, the event. */
export const { post: postEvent, put: putEvent, create: createEvent } = staffForm<TestEvent>('/api/eventos-externos', eventBody, 'event');

/** A registration and a waitlist join, as anyone on the event's page sends them (no token): the answers, for the test to check. */
export const { register: registerForEvent, joinWaitlist: joinEventWaitlist } = publicForms('/api/eventos');

export function registrationBody(i: number, overrides: Record<string, unknown> = {}) {
  return {
    nombre: 'José Ángel',
    apellido_paterno: 'Garza',
    apellido_materno: 'Peña',
    fecha_nacimiento: '1990-05-17',
    phone: String(8110000000 + i),
    email: `persona${i}@correo.mx`,
    empresa: 'Cervecería del Norte',
    tipo_participante: 'Empresario',
    ...overrides,
  };
}

/** Joins a full event's waitlist and follows the confirm link its message carries: the person is in line. */
export function joinWaitlistConfirmed(t: TestApp, slug: string, body: { email: string }): Promise<number> {
  return joinConfirmed(t, 'confirm-waitlist-join', slug, body.email, body);
}
