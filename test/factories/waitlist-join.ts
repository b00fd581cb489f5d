import { SignedLinks } from '../../api/src/core/links/signed-links';
import { SIGNED_LINKS } from '../../api/src/shared/contracts/links.contract';
import type { TestApp } from '../setup/test-app';

/** How one area's waitlist is joined and its join confirmed by link (external events, programs). */
export interface WaitlistJoinKind {
  /** The public join route: `slug` → its path. */
  joinPath: (slug: string) => string;
  /** The newest pending entry of (slug, email): its id and until when its link may confirm it. */
  pendingSql: string;
  purpose: 'confirm-waitlist-join' | 'confirm-program-waitlist-join';
}

/**
 * Joins a full waitlist and follows the confirm link its message carries: the person is in line. The link is
 * signed as the renderer signs it (the entry, until confirm_until).
 */
export async function joinConfirmed(t: TestApp, kind: WaitlistJoinKind, slug: string, email: string, body: object): Promise<number> {
  await t.http().post(kind.joinPath(slug)).send(body).expect(202);
  const [row] = await t.query<{ id: number; confirm_until: Date }>(kind.pendingSql, [slug, email]);
  const token = t.app.get(SignedLinks).sign(kind.purpose, row.id, row.confirm_until);
  await t.http().post(`${SIGNED_LINKS[kind.purpose].api}${token}`).expect(200);
  return row.id;
}
