import { SignedLinks } from '../../api/src/core/links/signed-links';
import { createEvent, registerForEvent, registrationBody } from '../factories/external-events';
import { sentMessage } from '../mail/mail-factories';
import { mailedApp } from '../setup/mailed-app';
import { eventually, TestApp } from '../setup/test-app';

const OLD = 'secreto-anterior-de-aforo-'.repeat(2);
const NEW = 'secreto-nuevo-de-aforo-rotado-'.repeat(2);
const LINK_INVALID = { message: 'El enlace no es válido. Revisa que esté completo, tal como llegó en tu correo.', code: 'LINK_INVALID' };
/** The start of the factories' events: a cancel link is valid until then. */
const EVENT_START = new Date('2027-03-15T16:00:00.000Z');

/** A cancel link as a process on the old secret mailed it, before the rotation. */
const mailedBeforeRotation = (registrationId: number) =>
  new SignedLinks({ jwtSecret: OLD }).sign('cancel-registration', registrationId, EVENT_START);

/**
 * docs/decisions/seguridad.md «Llaves de enlaces con versión». Rotating JWT_SECRET used to kill every cancel and accept link already in people's inboxes. Now each
 * token names its key; with JWT_SECRET_PREVIOUS the old key is still accepted (for links only), and new links —
 * including a resent message's — are signed with the new one.
 */
describe('signed links across a JWT_SECRET rotation', () => {
  describe('JWT_SECRET rotated, the old one kept in JWT_SECRET_PREVIOUS', () => {
    const app = mailedApp({ JWT_SECRET: NEW, JWT_SECRET_PREVIOUS: OLD, PUBLIC_WRITE_LIMIT_PER_MINUTE: '1000' });

    const cancelLinksTo = async (email: string, count: number) => {
      const texts = await eventually(
        async () =>
          Promise.all(app.sink.received.filter((r) => r.envelope.to.includes(email)).map(async (r) => (await r.parse()).text ?? '')),
        (list) => list.length === count,
      );
      return texts.map((text) => /\/registro\/cancelar\/([A-Za-z0-9._-]+)/.exec(text)![1]);
    };

    it('a link mailed before the rotation still shows and cancels its registration', async () => {
      const e = await createEvent(app.t, app.admin);
      const id = (await registerForEvent(app.t, e.slug, registrationBody(1)).expect(201)).body.registration.id as number;
      const token = mailedBeforeRotation(id);
      expect((await app.t.http().get(`/api/registros/cancelar/${token}`).expect(200)).body).toMatchObject({ nombre: 'JOSÉ ÁNGEL' });
      await app.t.http().post(`/api/registros/cancelar/${token}`).expect(200);
      const [{ status }] = await app.t.query<{ status: string }>(`SELECT status FROM external_registrations WHERE id = $1`, [id]);
      expect(status).toBe('cancelled');
    });

    it('a resent message carries links signed now with the new key, not the ones stored before the rotation', async () => {
      const e = await createEvent(app.t, app.admin);
      const id = (await registerForEvent(app.t, e.slug, registrationBody(2)).expect(201)).body.registration.id as number;
      const [fresh] = await cancelLinksTo('persona2@correo.mx', 1);
      const current = new SignedLinks({ jwtSecret: NEW });
      expect(current.verify('cancel-registration', fresh)).toMatchObject({ ok: true, id });

      // As if this message had been sent before the rotation and then failed: its stored body carries the old key's link.
      const old = mailedBeforeRotation(id);
      const [row] = await app.t.query<{ id: string }>(`SELECT id::text FROM correos WHERE idempotency_key = $1`, [
        `registro.confirmacion:${id}`,
      ]);
      // (An earlier build stored the rendered body; this one stores none, so the old body is written here.)
      const sent = await sentMessage(app.t, row.id);
      await app.t.query(`UPDATE correos SET status = 'failed', html = $2, text = $3 WHERE id = $1`, [
        row.id,
        sent.html.split(fresh).join(old),
        sent.text.split(fresh).join(old),
      ]);
      const [stored] = await app.t.query<{ text: string }>(`SELECT text FROM correos WHERE id = $1`, [row.id]);
      expect(stored.text).toContain(old);

      await app.t.as(app.admin).post(`/api/correos/${row.id}/reenviar`).expect(200);
      const [, resent] = await cancelLinksTo('persona2@correo.mx', 2);
      expect(resent).not.toBe(old);
      expect(resent.split('.')[0]).toBe(fresh.split('.')[0]);
      // Valid with the new secret alone: it would survive JWT_SECRET_PREVIOUS being removed.
      expect(current.verify('cancel-registration', resent)).toMatchObject({ ok: true, id });
      // The body stored before is gone (nothing rendered is stored now): the preview is the message resent.
      const [after] = await app.t.query<{ html: string | null; text: string | null }>(`SELECT html, text FROM correos WHERE id = $1`, [
        row.id,
      ]);
      expect(after).toEqual({ html: null, text: null });
      const preview = (await app.t.as(app.admin).get(`/api/correos/${row.id}`).expect(200)).body.correo as { html: string; text: string };
      expect(preview.text).toContain(resent);
      expect(`${preview.html}${preview.text}`).not.toContain(old);
    });
  });

  describe('JWT_SECRET rotated without JWT_SECRET_PREVIOUS', () => {
    let t: TestApp;
    let admin: string;
    beforeAll(async () => {
      t = await TestApp.start({ env: { JWT_SECRET: NEW } });
      admin = await t.login();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('a link mailed before the rotation is refused as a link that is not ours, and changes nothing', async () => {
      const e = await createEvent(t, admin);
      const id = (await registerForEvent(t, e.slug, registrationBody(3)).expect(201)).body.registration.id as number;
      const token = mailedBeforeRotation(id);
      for (const method of ['get', 'post'] as const) {
        expect((await t.http()[method](`/api/registros/cancelar/${token}`).expect(404)).body).toMatchObject(LINK_INVALID);
      }
      const [{ status }] = await t.query<{ status: string }>(`SELECT status FROM external_registrations WHERE id = $1`, [id]);
      expect(status).toBe('registered');
    });
  });
});
