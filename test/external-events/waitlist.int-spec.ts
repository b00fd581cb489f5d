import { EVENTS as a, entry, entryId, fullWithLine, places } from '../waitlist/areas';
import { signedInApp, type TestApp } from '../setup/test-app';

/**
 * What only an external event's waitlist does; the waitlist's behaviour, the same for every area, is proven once for
 * each in test/waitlist/waitlist.int-spec.ts.
 */
describe("an external event's own waitlist cases", () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s), { env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000', WAITLIST_JOIN_LIMIT_PER_MINUTE: '100000' } });

  it('staff deleting a registration free its place for the first in line (a cancelled one freed it already)', async () => {
    const { owner, registrations } = await fullWithLine(t, a, admin, 2, 2, 100);
    await t.as(admin).delete(`/api/eventos-externos/${owner.id}/registrations/${registrations[0]}`).expect(200);
    expect((await entry(t, a, await entryId(t, a, owner.id, 200))).status).toBe('offered');
    expect(await places(t, a, owner.id)).toMatchObject({ current: 1, held: 1, waiting: 1 });

    // Cancelled by its link first, then deleted: the place went on at the cancellation, nothing moves now.
    await a.free(t, admin, owner, registrations[1]).expect(200);
    expect(await places(t, a, owner.id)).toMatchObject({ current: 0, held: 2, waiting: 0 });
    await t.as(admin).delete(`/api/eventos-externos/${owner.id}/registrations/${registrations[1]}`).expect(200);
    expect(await places(t, a, owner.id)).toMatchObject({ current: 0, held: 2, waiting: 0 });
  });
});
