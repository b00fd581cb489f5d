import { SignedLinks } from '../../api/src/core/links/signed-links';
import { SIGNED_LINKS } from '../../api/src/shared/contracts/links.contract';
import type { TestApp } from '../setup/test-app';

/** The newest pending entry of (slug, email) in one area's waitlist: its id and until when its link may confirm it. */
const pendingEntry = (waitlist: string, owners: string, ownerColumn: string, emailColumn: string) =>
  `SELECT w.id, w.confirm_until FROM ${waitlist} w JOIN ${owners} o ON o.id = w.${ownerColumn}
    WHERE o.slug = $1 AND lower(w.${emailColumn}) = lower($2) AND w.status = 'pending' ORDER BY w.id DESC LIMIT 1`;

/** Each area's waitlist by the purpose of its confirm link: where a citizen joins it, and its pending entry. */
const WAITLISTS = {
  'confirm-waitlist-join': { join: '/api/eventos/', pending: pendingEntry('external_waitlist', 'external_events', 'event_id', 'email') },
  'confirm-program-waitlist-join': {
    join: '/api/programas/',
    pending: pendingEntry('programa_lista_espera', 'programas', 'programa_id', 'correo_electronico'),
  },
};

/**
 * Joins a full waitlist and follows the confirm link its message carries: the person is in line. The link is
 * signed as the renderer signs it (the entry, until confirm_until).
 */
export async function joinConfirmed(
  t: TestApp,
  purpose: keyof typeof WAITLISTS,
  slug: string,
  email: string,
  body: object,
): Promise<number> {
  await t.http().post(`${WAITLISTS[purpose].join}${slug}/waitlist`).send(body).expect(202);
  const [row] = await t.query<{ id: number; confirm_until: Date }>(WAITLISTS[purpose].pending, [slug, email]);
  const token = t.app.get(SignedLinks).sign(purpose, row.id, row.confirm_until);
  await t.http().post(`${SIGNED_LINKS[purpose].api}${token}`).expect(200);
  return row.id;
}
