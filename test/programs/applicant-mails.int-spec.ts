import { applicationBody, createPrograma, registerForProgram } from '../factories/programs';
import { signedInApp, TestApp } from '../setup/test-app';
import { queuedMails } from '../mail/mail-factories';

/**
 * Programs' messages: an application received, and its status set to confirmado or cancelado by
 * staff — each queued in the same transaction as the change (a refused change queues nothing), once per cause.
 */
describe('programs: messages to applicants', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s));

  const mails = (programaId: number) => queuedMails(t, `ref_type = 'programa' AND ref_id = $1`, [programaId]);
  const setStatus = (programaId: number, registrationId: number, status: string) =>
    t.as(admin).put(`/api/programas-servicios/${programaId}/registrations/${registrationId}/status`).send({ status });

  it('an application received: one message with the program snapshot, in the same transaction', async () => {
    const p = await createPrograma(t, admin, {
      tipo: 'fecha_especifica',
      fecha_inicio: '2027-02-01T16:00:00.000Z',
      fecha_fin: '2027-02-28T22:00:00.000Z',
    });
    const res = await registerForProgram(t, p.slug, applicationBody(1, { correo_electronico: 'maria.trevino@correo.mx' }));
    expect(res.status).toBe(201);
    const [m] = await mails(p.id);
    expect(m).toMatchObject({
      idempotency_key: `programa.solicitud-recibida:${res.body.registration.id}`,
      template: 'programa.solicitud-recibida',
      to_email: 'MARIA.TREVINO@CORREO.MX',
      to_name: 'María José Treviño Garza',
      data: {
        registro_id: res.body.registration.id,
        programa_id: p.id,
        nombre: 'María José',
        programa: {
          nombre: p.nombre,
          slug: p.slug,
          fecha_inicio: '2027-02-01T16:00:00.000Z',
          fecha_fin: '2027-02-28T22:00:00.000Z',
          ubicacion: 'PALACIO MUNICIPAL, MONTERREY',
        },
      },
    });
    // A refused application (the same e-mail again) queues nothing.
    const again = await registerForProgram(t, p.slug, applicationBody(2, { correo_electronico: 'maria.trevino@correo.mx' }));
    expect(again.status).toBe(409);
    expect(await mails(p.id)).toHaveLength(1);
  });

  it('status set to confirmado or cancelado: a message each time; pendiente, the same status or a refused change: none', async () => {
    const p = await createPrograma(t, admin, { max_participantes: 1 });
    const res = await registerForProgram(t, p.slug, applicationBody(3));
    const id = res.body.registration.id as number;
    await setStatus(p.id, id, 'confirmado').expect(200);
    await setStatus(p.id, id, 'confirmado').expect(200); // no change
    await setStatus(p.id, id, 'pendiente').expect(200);
    await setStatus(p.id, id, 'cancelado').expect(200);
    // The freed place taken by someone else: reactivating is refused (409) and tells no one.
    await registerForProgram(t, p.slug, applicationBody(4)).expect(201);
    expect((await setStatus(p.id, id, 'confirmado')).status).toBe(409);
    const status = (await mails(p.id)).filter((m) => m.template === 'programa.estado-cambiado');
    expect(status.map((m) => m.data.estado)).toEqual(['confirmado', 'cancelado']);
    expect(new Set(status.map((m) => m.idempotency_key)).size).toBe(2);
    for (const m of status) {
      expect(m.idempotency_key).toMatch(new RegExp(`^programa\\.estado-cambiado:${id}:\\d+$`));
      expect(m).toMatchObject({
        to_email: 'SOLICITANTE3@CORREO.MX',
        data: { registro_id: id, programa_id: p.id, programa: { nombre: p.nombre, fecha_inicio: null } },
      });
    }
  });
});
