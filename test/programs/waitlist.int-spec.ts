import { SignedLinks } from '../../api/src/core/links/signed-links';
import { createEvent, joinEventWaitlist, registerForEvent, registrationBody } from '../factories/external-events';
import { businessApplicationBody } from '../factories/programs';
import { acceptToken, entry, entryId, fullWithLine, join, joinConfirmed, LINK_INVALID, places, PROGRAMS as a } from '../waitlist/areas';
import { signedInApp, type TestApp } from '../setup/test-app';

/**
 * What only a program's waitlist does (no limit, drafts, the whole application kept for the acceptance); the waitlist's
 * behaviour, the same for every area, is proven once for each in test/waitlist/waitlist.int-spec.ts.
 */
describe("a program's own waitlist cases", () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s), { env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000', WAITLIST_JOIN_LIMIT_PER_MINUTE: '100000' } });

  it('joining: never without a limit nor to a draft; the birth date as the form checks it', async () => {
    const unlimited = await a.create(t, admin, null);
    expect((await join(t, a, unlimited.slug, 1).expect(409)).body).toMatchObject({
      message: 'Este programa no tiene límite de participantes: regístrate directamente.',
      code: 'PLACES_AVAILABLE',
    });
    const draft = await a.create(t, admin, 1, { status: 'draft' });
    expect((await join(t, a, draft.slug, 3).expect(404)).body.message).toBe('El programa que buscas no existe o ha sido cerrado.');
    const { owner } = await fullWithLine(t, a, admin, 1, 0, 10);
    const unborn = await join(t, a, owner.slug, 2, { fecha_nacimiento: '2999-01-01' }).expect(422);
    expect(Object.keys(unborn.body.errors)).toEqual(['fecha_nacimiento']);
  });

  it('accepting writes the application sent when joining (business answers included); a held place refuses a reactivation', async () => {
    const owner = await a.create(t, admin, 1);
    const r1 = await a.register(t, owner, 1000);
    const first = await joinConfirmed(t, a, owner, 1100, businessApplicationBody(1100));
    await a.free(t, admin, owner, r1).expect(200);
    expect((await entry(t, a, first)).status).toBe('offered');

    const reactivate = t.as(admin).put(`/api/programas-servicios/${owner.id}/registrations/${r1}/status`).send({ status: 'pendiente' });
    expect((await reactivate.expect(409)).body.message).toBe('El programa ya no tiene lugares disponibles para reactivar este registro.');
    expect((await t.http().get(`/api/programas/${owner.slug}`)).body.programa.lugares_disponibles).toBe(0);

    const accepted = await t
      .http()
      .post(`${a.paths.accept}${await acceptToken(t, a, first)}`)
      .expect(201);
    const board = await t.as(admin).get(`/api/programas-servicios/${owner.id}/registrations`).expect(200);
    const reg = board.body.registrations.find((r: { id: number }) => r.id === accepted.body.registration.id);
    expect(reg).toMatchObject({
      nombre: 'María José',
      tiene_emprendimiento: 'si',
      nombre_emprendimiento: 'Tamales Doña Mary',
      giro_sector: 'alimentos',
      tiempo_operando: 'mas_1_ano',
      redes_sociales_enlace: 'https://facebook.com/tamalesdonamary',
      negocio_formalizado: 'si',
      rfc: 'TEGM881102AB1',
      status: 'pendiente',
    });
  });

  it('published again without a limit, everyone waiting is offered a place; a new limit must leave room for the offers out', async () => {
    const { owner } = await fullWithLine(t, a, admin, 1, 3, 2000);
    await a.setLimit(t, admin, owner, null).expect(200);
    expect(await places(t, a, owner.id)).toMatchObject({ max: null, current: 1, held: 3, waiting: 0 });
    expect((await a.setLimit(t, admin, owner, 3).expect(422)).body.errors.max_participantes[0]).toMatch(/\(1 \+ 3\)/);
    await a.setLimit(t, admin, owner, 4).expect(200);
  });

  it("a program's offer token on the events' page is refused, even where an external entry has the same id", async () => {
    const { owner, registrations } = await fullWithLine(t, a, admin, 1, 1, 3000);
    await a.free(t, admin, owner, registrations[0]).expect(200);
    const id = await entryId(t, a, owner.id, 3100);
    const good = await acceptToken(t, a, id);
    const e = await createEvent(t, admin, { max_attendees: 1 });
    await registerForEvent(t, e.slug, registrationBody(1)).expect(201);
    for (let i = 0; i < id; i++) await joinEventWaitlist(t, e.slug, registrationBody(100 + i)).expect(202);
    for (const method of ['get', 'post'] as const) {
      const res = await t.http()[method](`/api/lista-espera/aceptar/${good}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject(LINK_INVALID);
    }
    expect(t.app.get(SignedLinks).verify('accept-waitlist-offer', good).ok).toBe(false);
  });
});
