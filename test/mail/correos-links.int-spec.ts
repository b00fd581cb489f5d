import { SIGNED_TOKEN_SHAPE, SignedLinks } from '../../api/src/core/links/signed-links';
import { LINK_HIDDEN, type LinkPurpose } from '../../api/src/shared/contracts/links.contract';
import type { QueuedMail } from '../../api/src/shared/contracts/mail.contract';
import { nextPush, signedInApp, type TestApp } from '../setup/test-app';
import { confirmacion, correo, queueMails, sentMessage } from './mail-factories';

const TOKEN = new RegExp(SIGNED_TOKEN_SHAPE, 'g');
const inADay = () => new Date(Date.now() + 86400_000).toISOString();

const eventOffer = (id: number): QueuedMail<'lista-espera.oferta'> => ({
  key: `lista-espera.oferta:${id}:1`,
  template: 'lista-espera.oferta',
  to: { email: `espera${id}@correo.test`, name: 'Luis Alberto Cantú' },
  data: {
    entrada_id: id,
    evento_id: 4,
    slug: 'festival-de-la-luz',
    nombre: 'Luis Alberto',
    oferta_hasta: inADay(),
    evento: { titulo: 'Festival de la Luz', inicio: inADay(), fin: null, lugar: 'Parque Fundidora, Monterrey' },
  },
  ref: { type: 'evento-externo', id: 4 },
});

const programOffer = (id: number): QueuedMail<'programa.lista-espera-oferta'> => ({
  key: `programa.lista-espera-oferta:${id}:1`,
  template: 'programa.lista-espera-oferta',
  to: { email: `programa${id}@correo.test`, name: 'Ana Sofía Leal' },
  data: {
    entrada_id: id,
    programa_id: 5,
    nombre: 'Ana Sofía',
    oferta_hasta: inADay(),
    programa: { nombre: 'Emprende Monterrey', slug: 'emprende', fecha_inicio: null, fecha_fin: null, ubicacion: null },
  },
  ref: { type: 'programa', id: 5 },
});

interface Detail {
  html: string;
  text: string;
  hidden_links: number;
}

/**
 * docs/decisions/correos.md «Enlaces firmados en la pantalla Correos». GET /api/correos/{id} needs only view rights and answered the message with its working signed links
 * (cancel a registration, accept a waitlist offer), which staff could not use from the panel without delete or edit.
 * Now a reader sees a link's token only if they could do the same action themselves (links.contract.ts,
 * SIGNED_LINKS[purpose].staff); any other token is LINK_HIDDEN, in the HTML, the text, the list and the pushes. A
 * resend renders and signs anew: the person still gets working links.
 */
/** The purposes with a staff action of their own here (the join confirmations follow the same rule, SIGNED_LINKS). */
type Tested = Extract<LinkPurpose, 'cancel-registration' | 'accept-waitlist-offer' | 'accept-program-waitlist-offer'>;

describe('Correos: signed links shown only to who could do the same from the panel', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s));

  let ids: Record<Tested, string>;
  /** Each message's real token, as the workers rendered (and sent) it. */
  const tokens = {} as Record<Tested, string>;

  beforeAll(async () => {
    const [cancel] = await queueMails(t, [confirmacion({ id: 31, eventoId: 4 })]);
    const [accept] = await queueMails(t, [eventOffer(32)]);
    const [programAccept] = await queueMails(t, [programOffer(33)]);
    ids = { 'cancel-registration': cancel, 'accept-waitlist-offer': accept, 'accept-program-waitlist-offer': programAccept };
    const links = t.app.get(SignedLinks);
    for (const [purpose, id] of Object.entries(ids) as Array<[Tested, string]>) {
      const found = [...new Set((await sentMessage(t, id)).text.match(TOKEN))];
      expect(found).toHaveLength(1);
      expect(links.verify(purpose, found[0]).ok).toBe(true);
      tokens[purpose] = found[0];
    }
  });

  const detail = async (token: string, purpose: Tested): Promise<Detail> =>
    (await t.as(token).get(`/api/correos/${ids[purpose]}`).expect(200)).body.correo as Detail;

  /** The link works for this reader: the real token in the HTML link and in the text, nothing hidden. */
  function expectLive(d: Detail, purpose: Tested) {
    expect(d.html).toContain(`${tokens[purpose]}"`);
    expect(d.text).toContain(tokens[purpose]);
    expect(`${d.html}${d.text}`).not.toContain(LINK_HIDDEN);
    expect(d.hidden_links).toBe(0);
  }

  /** Hidden: no token at all (HTML, text), the marker where it was, and the HTML link inert (no href) with its reason. */
  function expectHidden(d: Detail, purpose: Tested) {
    const signature = tokens[purpose].split('.').pop()!;
    expect(`${d.html}${d.text}`).not.toContain(signature);
    expect(`${d.html}${d.text}`.match(TOKEN)).toBeNull();
    expect(d.text).toContain(LINK_HIDDEN);
    expect(d.html).toContain(LINK_HIDDEN);
    expect(d.html).not.toMatch(/href="[^"]*enlace oculto/);
    expect(d.html).toContain('title="Enlace oculto:');
    expect(d.hidden_links).toBe(1);
  }

  it('view only: every link hidden; delete on the area: the cancel link; edit: the accept links; super admin: all', async () => {
    const viewer = await t.createUser(admin, { email: 'ver@aforo.test', permissions: { eventos_externos: ['view'] } });
    const editor = await t.createUser(admin, { email: 'editar@aforo.test', permissions: { eventos_externos: ['view', 'edit'] } });
    const remover = await t.createUser(admin, { email: 'eliminar@aforo.test', permissions: { eventos_externos: ['view', 'delete'] } });
    const programViewer = await t.createUser(admin, { email: 'programas-ver@aforo.test', permissions: { programas_servicios: ['view'] } });
    const programEditor = await t.createUser(admin, {
      email: 'programas-editar@aforo.test',
      permissions: { programas_servicios: ['view', 'edit'] },
    });

    for (const purpose of ['cancel-registration', 'accept-waitlist-offer', 'accept-program-waitlist-offer'] as const) {
      expectHidden(await detail(viewer.token, purpose), purpose);
      expectLive(await detail(admin, purpose), purpose);
    }
    expectHidden(await detail(editor.token, 'cancel-registration'), 'cancel-registration');
    expectLive(await detail(editor.token, 'accept-waitlist-offer'), 'accept-waitlist-offer');
    expectLive(await detail(editor.token, 'accept-program-waitlist-offer'), 'accept-program-waitlist-offer');
    expectLive(await detail(remover.token, 'cancel-registration'), 'cancel-registration');
    expectHidden(await detail(remover.token, 'accept-waitlist-offer'), 'accept-waitlist-offer');
    expectHidden(await detail(programViewer.token, 'accept-program-waitlist-offer'), 'accept-program-waitlist-offer');
    expectLive(await detail(programEditor.token, 'accept-program-waitlist-offer'), 'accept-program-waitlist-offer');

    // Nothing rendered is stored: every preview above was rendered from the message's intent.
    const [stored] = await t.query<{ html: string | null; text: string | null }>(`SELECT html, text FROM correos WHERE id = $1`, [
      ids['cancel-registration'],
    ]);
    expect(stored).toEqual({ html: null, text: null });
  });

  it('the list and the pushes to the Correos rooms carry no token in any field; a resend by a reader who sees it hidden still sends a working link', async () => {
    const [failedId] = await queueMails(t, [confirmacion({ id: 34, eventoId: 4 })]);
    const token = (await sentMessage(t, failedId)).text.match(TOKEN)![0];
    // A server's refusal that quotes the message (some do): the token reaches last_error.
    await t.query(`UPDATE correos SET status = 'failed', last_error = $2 WHERE id = $1`, [
      failedId,
      `Rechazo permanente del servidor SMTP: 554 contenido no permitido: https://eventos.test/registro/cancelar/${token}`,
    ]);
    const editor = await t.createUser(admin, { email: 'reenviar@aforo.test', permissions: { eventos_externos: ['view', 'edit'] } });

    for (const reader of [editor.token, admin]) {
      const list = await t.as(reader).get('/api/correos').expect(200);
      expect(JSON.stringify(list.body).match(TOKEN)).toBeNull();
      const listed = (list.body.correos as Array<{ id: number; last_error: string | null }>).find((c) => c.id === Number(failedId))!;
      expect(listed.last_error).toBe(
        `Rechazo permanente del servidor SMTP: 554 contenido no permitido: https://eventos.test/registro/cancelar/${LINK_HIDDEN}`,
      );
    }

    const socket = await t.socket(admin);
    expect(await t.join(socket, 'correos:evento-externo')).toEqual({ ok: true });
    const pushes: unknown[] = [];
    socket.on('correo.updated', (m) => void pushes.push(m));
    const stored = nextPush(
      socket,
      'correo.updated',
      undefined,
      (m) => m.data.correo.id === Number(failedId) && m.data.correo.status === 'stored',
    );
    await t.as(editor.token).post(`/api/correos/${failedId}/reenviar`).expect(200);
    await stored;
    expect(pushes.some((m) => (m as { data: { correo: { status: string } } }).data.correo.status === 'queued')).toBe(true);
    expect(JSON.stringify(pushes).match(TOKEN)).toBeNull();
    expect(JSON.stringify(pushes)).toContain(LINK_HIDDEN);

    // What the resend stored (and would send) is the message rendered anew, with its working cancel link.
    expect((await correo(t, failedId)).status).toBe('stored');
    const resent = await sentMessage(t, failedId);
    const sent = resent.text.match(TOKEN)!;
    expect(t.app.get(SignedLinks).verify('cancel-registration', sent[0])).toMatchObject({ ok: true, id: 34 });
    expect(resent.html).toContain(`/registro/cancelar/${sent[0]}"`);
    expect(`${resent.html}${resent.text}`).not.toContain(LINK_HIDDEN);
    // The editor's own preview of it still hides the link (edit is not delete).
    expectHiddenToken((await t.as(editor.token).get(`/api/correos/${failedId}`).expect(200)).body.correo as Detail, sent[0]);
  });

  function expectHiddenToken(d: Detail, token: string) {
    expect(`${d.html}${d.text}`).not.toContain(token.split('.').pop()!);
    expect(d.hidden_links).toBe(1);
  }
});
