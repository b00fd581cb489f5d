import { createEvent, eventBody, postEvent, putEvent } from '../factories/external-events';
import { TestApp, signedInApp } from '../setup/test-app';

describe('external events administration (spec 1 §2.6, §4, §7) — rules enforced by the server', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s));

  it('creates with a readable unique slug that stays when the title changes', async () => {
    const a = await createEvent(t, admin, { title: 'Festival de Música Norteña ¡2027!' });
    const b = await createEvent(t, admin, { title: 'Festival de Música Norteña ¡2027!' });
    expect(a.slug).toBe('festival-de-musica-nortena-2027');
    expect(b.slug).toBe('festival-de-musica-nortena-2027-2');
    const res = await putEvent(t, admin, a.id, { title: 'Otro título', status: 'published' });
    expect(res.status).toBe(200);
    expect(res.body.event).toMatchObject({ title: 'Otro título', slug: 'festival-de-musica-nortena-2027' });
  });

  it('on creation only draft or published; on edit all four; defaults capacity to 50', async () => {
    const bad = await postEvent(t, admin, { status: 'cancelled' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.status).toEqual(['Al crear, el estado debe ser borrador o publicado.']);
    const { max_attendees: _omit, ...noCapacity } = eventBody({ status: 'draft' });
    const created = await t.as(admin).post('/api/eventos-externos').send(noCapacity);
    expect(created.status).toBe(201);
    expect(created.body.event).toMatchObject({ max_attendees: 50, current_attendees: 0, status: 'draft', is_featured: false });
    for (const status of ['published', 'cancelled', 'completed', 'draft']) {
      const res = await putEvent(t, admin, created.body.event.id, { status });
      expect(res.status).toBe(200);
      expect(res.body.event.status).toBe(status);
    }
  });

  it('validates the form on the server: required fields, capacity ≥ 1, end not before start', async () => {
    const res = await t
      .as(admin)
      .post('/api/eventos-externos')
      .send({ title: ' ', description: '', event_date: 'mañana', location: '', max_attendees: 0, end_date: null });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['description', 'event_date', 'location', 'max_attendees', 'title']);
    const ends = await postEvent(t, admin, { end_date: '2027-03-14T10:00:00.000Z' });
    expect(ends.status).toBe(422);
    expect(ends.body.errors.end_date).toEqual(['La fecha de fin no puede ser anterior a la de inicio.']);
  });

  it('length limits answer in Spanish with the field named as the form labels it', async () => {
    const res = await postEvent(t, admin, { title: 'T'.repeat(201), location: 'U'.repeat(301), agenda: ['A'.repeat(501)] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      title: ['El título no debe tener más de 200 caracteres.'],
      location: ['La ubicación no debe tener más de 300 caracteres.'],
      agenda: ['Cada punto de la agenda no debe tener más de 500 caracteres.'],
    });
    const atLimit = await postEvent(t, admin, { title: 'T'.repeat(200) });
    expect(atLimit.status).toBe(201);
  });

  it('PUT without max_attendees is refused (422), never reset to the default of 50', async () => {
    const e = await createEvent(t, admin, { max_attendees: 120 });
    const { max_attendees: _omit, ...noCapacity } = eventBody({ status: 'published' });
    const res = await t.as(admin).put(`/api/eventos-externos/${e.id}`).send(noCapacity);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ max_attendees: ['La capacidad es obligatoria.'] });
    const nulled = await t
      .as(admin)
      .put(`/api/eventos-externos/${e.id}`)
      .send({ ...noCapacity, max_attendees: null });
    expect(nulled.status).toBe(422);
    const [row] = await t.query<{ max_attendees: number }>('SELECT max_attendees FROM external_events WHERE id = $1', [e.id]);
    expect(row.max_attendees).toBe(120);
  });

  it('deletes only drafts (409 in Spanish otherwise)', async () => {
    const published = await createEvent(t, admin, { status: 'published' });
    const res = await t.as(admin).delete(`/api/eventos-externos/${published.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Solo se pueden eliminar eventos en borrador.');
    const draft = await createEvent(t, admin, { status: 'draft' });
    expect((await t.as(admin).delete(`/api/eventos-externos/${draft.id}`)).status).toBe(200);
    expect((await t.as(admin).delete(`/api/eventos-externos/${draft.id}`)).status).toBe(404);
  });

  it('features only published events, one at a time — guaranteed by the database under concurrency', async () => {
    const draft = await createEvent(t, admin, { status: 'draft' });
    const refused = await t.as(admin).put(`/api/eventos-externos/${draft.id}/toggle-featured`);
    expect(refused.status).toBe(409);
    const events = await Promise.all(Array.from({ length: 8 }, () => createEvent(t, admin, { status: 'published' })));
    const results = await Promise.all(events.map((e) => t.as(admin).put(`/api/eventos-externos/${e.id}/toggle-featured`)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const featured = await t.query<{ id: number }>('SELECT id FROM external_events WHERE is_featured');
    expect(featured).toHaveLength(1);
    const pub = await t.http().get('/api/public/featured-event');
    const winner = events.find((e) => e.id === featured[0].id)!;
    expect(pub.body.featured_event).toEqual({
      title: winner.title,
      slug: winner.slug,
      image_url: null,
      event_date: '2027-03-15T16:00:00.000Z',
      location: 'Parque Fundidora, Monterrey',
    });
    // Toggling again clears it; cancelling a featured event clears it too.
    const again = await t.as(admin).put(`/api/eventos-externos/${winner.id}/toggle-featured`);
    expect(again.body.is_featured).toBe(false);
    await t.as(admin).put(`/api/eventos-externos/${winner.id}/toggle-featured`).expect(200);
    await putEvent(t, admin, winner.id, { status: 'cancelled' }).expect(200);
    expect((await t.http().get('/api/public/featured-event')).body.featured_event).toBeNull();
    await expect(t.query(`UPDATE external_events SET is_featured = true WHERE id IN (${events[0].id}, ${events[1].id})`)).rejects.toThrow();
  });

  it('gates each action by the eventos_externos permissions, on the server', async () => {
    const viewer = await t.createUser(admin, { email: 'solo-ver@aforo.test', permissions: { eventos_externos: ['view'] } });
    const editor = await t.createUser(admin, { email: 'editor@aforo.test', permissions: { eventos_externos: ['view', 'edit'] } });
    const event = await createEvent(t, admin, { status: 'draft' });
    expect((await t.as(viewer.token).get('/api/eventos-externos')).status).toBe(200);
    expect((await t.as(viewer.token).post('/api/eventos-externos').send(eventBody())).status).toBe(403);
    expect((await t.as(viewer.token).put(`/api/eventos-externos/${event.id}`).send(eventBody())).status).toBe(403);
    expect(
      (
        await t
          .as(editor.token)
          .put(`/api/eventos-externos/${event.id}`)
          .send(eventBody({ status: 'draft' }))
      ).status,
    ).toBe(200);
    expect((await t.as(editor.token).delete(`/api/eventos-externos/${event.id}`)).status).toBe(403);
    const none = await t.createUser(admin, { email: 'sin-permisos@aforo.test' });
    expect((await t.as(none.token).get('/api/eventos-externos')).status).toBe(403);
    expect((await t.as(none.token).get(`/api/eventos-externos/${event.id}/registrations`)).status).toBe(403);
  });

  it('the public list holds published events only; drafts are previews for authorized staff only', async () => {
    const draft = await createEvent(t, admin, { status: 'draft', title: 'Borrador secreto' });
    const list = await t.http().get('/api/public/eventos');
    expect(list.status).toBe(200);
    expect(list.body.events.every((e: { status: string }) => e.status === 'published')).toBe(true);
    expect(list.body.events.some((e: { slug: string }) => e.slug === draft.slug)).toBe(false);
    expect(JSON.stringify(list.body)).not.toMatch(/created_by|@/);
    const anon = await t.http().get(`/api/eventos/${draft.slug}`);
    expect(anon.status).toBe(404);
    expect(anon.body.message).toBe('El evento que buscas no existe o ha sido cancelado.');
    const preview = await t.as(admin).get(`/api/eventos/${draft.slug}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ is_preview: true, is_completed: false, is_cancelled: false, event: { slug: draft.slug } });
    const none = await t.createUser(admin, { email: 'sin-vista@aforo.test' });
    expect((await t.as(none.token).get(`/api/eventos/${draft.slug}`)).status).toBe(404);
    expect((await t.http().get('/api/eventos/..%2F..%2Fetc')).status).toBe(404);
  });
});
