import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ExternalRegistrationEntity } from '../../api/src/modules/external-events/external-registration.entity';
import { toRegistrationResponse } from '../../api/src/modules/external-events/external-events.mapper';
import { createEvent, registrationBody, registerForEvent } from '../factories/external-events';
import { TestApp, signedInApp } from '../setup/test-app';

/**
 * The `registration.created` payload is built twice: in SQL by register_external_batch (the hot path,
 * api/src/modules/external-events/external-events.sql.ts) and by the mapper for every other answer and push. Both must say the same, field
 * by field — the staff board applies pushes from the first and reloads from the second.
 */
describe('registration.created: the SQL-built payload equals the mapper', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s));

  it('has the same fields and values, with and without the optional ones', async () => {
    const e = await createEvent(t, admin);
    const bodies = [registrationBody(1, { nombre: 'maría josé', empresa: 'la tienda' }), registrationBody(2, { empresa: undefined })];
    for (const body of bodies) {
      const res = await registerForEvent(t, e.slug, body);
      expect(res.status).toBe(201);
    }
    const events = await t.query<{ payload: { event_id: number; registration: Record<string, unknown> } }>(
      `SELECT payload FROM domain_events WHERE type = 'registration.created' ORDER BY occurred_at, id`,
    );
    expect(events).toHaveLength(bodies.length);
    const ds = t.app.get<DataSource>(getDataSourceToken());
    for (const { payload } of events) {
      expect(payload.event_id).toBe(e.id);
      const entity = await ds.getRepository(ExternalRegistrationEntity).findOneByOrFail({ id: payload.registration.id as number });
      const mapped = JSON.parse(JSON.stringify(toRegistrationResponse(entity)));
      expect(Object.keys(payload.registration).sort()).toEqual(Object.keys(mapped).sort());
      expect(payload.registration).toEqual(mapped);
    }
  });
});
