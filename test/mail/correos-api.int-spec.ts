import { confirmacion, correo, queueMails } from './mail-factories';
import { eventually, nextPush, signedInApp, type TestApp } from '../setup/test-app';
import type { QueuedMail } from '../../api/src/shared/contracts/mail.contract';

/** 'Correos': who reads which messages, the preview, the resend, live pushes, bad input. */
describe('Correos: the staff screen API', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s));

  const interno = (id: number): QueuedMail => ({
    ...confirmacion({ id }),
    key: `invitacion:${id}`,
    ref: { type: 'evento-interno', id: 9 },
  });
  const sinRef = (id: number): QueuedMail => ({ ...confirmacion({ id }), key: `sistema:${id}`, ref: null });

  it('each reader sees the messages about what they may view; a super admin sees all', async () => {
    const [externoId] = await queueMails(t, [confirmacion({ id: 1, eventoId: 4, titulo: 'Festival de la Luz' })]);
    const [internoId] = await queueMails(t, [interno(2)]);
    const [sistemaId] = await queueMails(t, [sinRef(3)]);
    const externos = await t.createUser(admin, { email: 'externos@aforo.test', permissions: { eventos_externos: ['view'] } });
    const internos = await t.createUser(admin, { email: 'internos@aforo.test', permissions: { eventos_internos: ['view'] } });
    const personas = await t.createUser(admin, { email: 'personas@aforo.test', permissions: { personas: ['view'] } });

    const ids = async (token: string, query = '') =>
      ((await t.as(token).get(`/api/correos${query}`).expect(200)).body.correos as Array<{ id: number }>).map((c) => String(c.id));
    expect(await ids(admin)).toEqual([sistemaId, internoId, externoId]);
    expect(await ids(externos.token)).toEqual([externoId]);
    expect(await ids(internos.token)).toEqual([internoId]);
    expect((await t.as(personas.token).get('/api/correos')).status).toBe(403);
    expect((await t.http().get('/api/correos')).status).toBe(401);

    // The 'por evento' filter and its options.
    expect(await ids(admin, '?ref_type=evento-externo&ref_id=4')).toEqual([externoId]);
    expect(await ids(admin, '?ref_type=evento-externo&ref_id=5')).toEqual([]);
    const refs = await t.as(externos.token).get('/api/correos/referencias').expect(200);
    expect(refs.body.referencias).toEqual([{ ref_type: 'evento-externo', ref_id: 4, label: 'Festival de la Luz', total: 1 }]);

    // Detail: hidden from who may not read it (404, as if it did not exist).
    expect((await t.as(internos.token).get(`/api/correos/${externoId}`)).status).toBe(404);
    const detail = await t.as(externos.token).get(`/api/correos/${externoId}`).expect(200);
    expect(detail.body.correo).toMatchObject({ id: Number(externoId), subject: 'Registro confirmado: Festival de la Luz' });
    expect(detail.body.correo.html).toContain('<html lang="es"');
    expect(detail.body.correo.html).toContain('src="data:image/png;base64,');
    expect(detail.body.correo.html).not.toContain('cid:');
    expect(detail.body.correo.text).toContain('Festival de la Luz');
    expect(detail.body.correo.attachments).toEqual([
      { filename: 'codigo-qr.png', content_type: 'image/png', inline: true },
      { filename: 'evento.ics', content_type: 'text/calendar', inline: false },
    ]);
  });

  it("a super admin's screen in both rooms hears each change once (one publish for its rooms)", async () => {
    const socket = await t.socket(admin);
    expect(await t.join(socket, 'correos:todos')).toEqual({ ok: true });
    expect(await t.join(socket, 'correos:evento-externo')).toEqual({ ok: true });
    const heard: string[] = [];
    socket.on('correo.updated', (m: { data: { correo: { to_email: string; status: string } } }) => {
      heard.push(`${m.data.correo.to_email} ${m.data.correo.status}`);
    });
    const second = nextPush(socket, 'correo.updated', undefined, (m) => m.data.correo.to_email === 'segunda@correo.test');
    await queueMails(t, [confirmacion({ id: 31, email: 'primera@correo.test' })]);
    await eventually(
      async () => heard,
      (h) => h.includes('primera@correo.test stored'),
    );
    // The same workers' connection publishes in order: once the next message's change is here, a second copy of the
    // first would have arrived before it.
    await queueMails(t, [confirmacion({ id: 32, email: 'segunda@correo.test' })]);
    await second;
    expect(heard.filter((h) => h === 'primera@correo.test stored')).toEqual(['primera@correo.test stored']);
    socket.disconnect();
  });

  it('bad filters and ids answer a Spanish 4xx', async () => {
    const bad = await t.as(admin).get('/api/correos?status=perdido&page=0');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.status).toEqual(['El estado no es válido.']);
    expect(bad.body.errors.page).toEqual(['La página no es válida.']);
    const noType = await t.as(admin).get('/api/correos?ref_id=4');
    expect(noType.status).toBe(422);
    expect(noType.body.errors.ref_type).toEqual(['Indica el tipo del evento.']);
    expect((await t.as(admin).get('/api/correos/abc')).status).toBe(422);
    const missing = await t.as(admin).get('/api/correos/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('El correo no existe');
  });

  it('resend: only a failed message, only with edit on its area; the screen hears it live', async () => {
    // A message a server refused (as the pipeline test produces against a real SMTP server), and one with a bad address.
    const [failedId, badId] = await queueMails(t, [confirmacion({ id: 20 }), confirmacion({ id: 22, email: 'no es correo' })]);
    await eventually(
      () => correo(t, failedId),
      (c) => c.status === 'stored',
    );
    await t.query(`UPDATE correos SET status = 'failed', last_error = 'Rechazo permanente del servidor SMTP: 550 5.1.1' WHERE id = $1`, [
      failedId,
    ]);
    expect((await correo(t, badId)).status).toBe('failed');
    const viewer = await t.createUser(admin, { email: 'ver@aforo.test', permissions: { eventos_externos: ['view'] } });
    const editor = await t.createUser(admin, { email: 'editar@aforo.test', permissions: { eventos_externos: ['view', 'edit'] } });
    const otherEditor = await t.createUser(admin, { email: 'otro@aforo.test', permissions: { eventos_internos: ['view', 'edit'] } });
    expect((await t.as(viewer.token).post(`/api/correos/${failedId}/reenviar`)).status).toBe(403);
    expect((await t.as(otherEditor.token).post(`/api/correos/${failedId}/reenviar`)).status).toBe(404);

    const socket = await t.socket(editor.token);
    expect(await t.join(socket, 'correos:evento-externo')).toEqual({ ok: true });
    expect(await t.join(socket, 'correos:todos')).toMatchObject({ ok: false });
    const queuedPush = nextPush(
      socket,
      'correo.updated',
      undefined,
      (m) => m.data.correo.id === Number(failedId) && m.data.correo.status === 'queued',
    );
    const storedPush = nextPush(
      socket,
      'correo.updated',
      undefined,
      (m) => m.data.correo.id === Number(failedId) && m.data.correo.status === 'stored',
    );
    const res = await t.as(editor.token).post(`/api/correos/${failedId}/reenviar`).expect(200);
    expect(res.body).toMatchObject({
      correo: { id: Number(failedId), status: 'queued' },
      message: 'El correo se puso en cola para enviarse de nuevo',
    });
    await queuedPush;
    // Without SMTP_URL the workers store it (rendered, not sent) — pushed from the workers.
    const stored = await storedPush;
    expect(stored.data.correo.attempts).toBe(2);
    // A bad address resent fails again, without being stored or sent.
    await t.as(editor.token).post(`/api/correos/${badId}/reenviar`).expect(200);
    await eventually(
      () => correo(t, badId),
      (c) => c.status === 'failed',
    );
    const again = await t.as(editor.token).post(`/api/correos/${failedId}/reenviar`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Solo se puede reenviar un correo fallido');

    // A new message shows up live on the screen as the workers take it.
    const arrives = nextPush(socket, 'correo.updated', undefined, (m) => m.data.correo.to_email === 'nueva@correo.test');
    await queueMails(t, [confirmacion({ id: 21, email: 'nueva@correo.test' })]);
    expect((await arrives).data.correo.ref_type).toBe('evento-externo');
    await eventually(
      () => t.query(`SELECT 1 FROM audit_logs WHERE resource_type = 'correo'`),
      (r) => r.length === 2,
    );
  });
});
