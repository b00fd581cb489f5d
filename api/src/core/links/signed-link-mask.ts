import { LINK_HIDDEN, LINK_HIDDEN_REASON, SIGNED_LINKS, type LinkPurpose } from '@shared/contracts/links.contract';
import { SIGNED_TOKEN_SHAPE } from './signed-links';

const TOKEN_IN_TEXT = new RegExp(`(?<![A-Za-z0-9_.-])${SIGNED_TOKEN_SHAPE}(?![A-Za-z0-9_-])`, 'g');
/** Each purpose's page and API paths: a message links to its page, or straight to its API route (a download). */
const PAGES = (Object.entries(SIGNED_LINKS) as Array<[LinkPurpose, { page: string | null; api: string }]>)
  .flatMap(([purpose, l]) => [l.page, l.api].filter((p): p is string => p !== null).map((page) => ({ purpose, page })))
  .sort((a, b) => b.page.length - a.page.length);

/** The purpose whose page path ends right where a token starts (`…/registro/cancelar/<token>`), if any. */
function purposeAt(text: string, offset: number): LinkPurpose | null {
  return PAGES.find(({ page }) => offset >= page.length && text.startsWith(page, offset - page.length))?.purpose ?? null;
}

/**
 * Every signed token in a text (a message's HTML or text part, an error, a subject) that the reader may not use
 * becomes LINK_HIDDEN: a token after a purpose's page is kept only if `mayUse(purpose)`; a token anywhere else is
 * always hidden (no purpose, no reader). The link stays visible as a link — only its key is gone. `hidden`: the
 * distinct tokens hidden (one link appears several times in a message).
 */
export function maskSignedTokens(text: string, mayUse: (purpose: LinkPurpose) => boolean): { text: string; hidden: Set<string> } {
  const hidden = new Set<string>();
  const masked = text.replace(TOKEN_IN_TEXT, (token: string, offset: number) => {
    const purpose = purposeAt(text, offset);
    if (purpose && mayUse(purpose)) return token;
    hidden.add(token);
    return LINK_HIDDEN;
  });
  return { text: masked, hidden };
}

/** A free-text field no reader acts on (an SMTP error, a subject): every token hidden. */
export function withoutSignedTokens<T extends string | null>(text: T): T {
  return (text === null ? null : maskSignedTokens(text, () => false).text) as T;
}

const HIDDEN_HREF = new RegExp(` href="[^"]*${LINK_HIDDEN.replace(/[[\]]/g, '\\$&')}[^"]*"`, 'g');

/**
 * The same for a message's HTML, whose hidden links are made inert: an `<a>` without `href` (not a link any more,
 * not focusable), with a title saying why.
 */
export function maskSignedTokensInHtml(html: string, mayUse: (purpose: LinkPurpose) => boolean): { html: string; hidden: Set<string> } {
  const { text, hidden } = maskSignedTokens(html, mayUse);
  if (hidden.size === 0) return { html: text, hidden };
  return { html: text.replace(HIDDEN_HREF, ` title="${LINK_HIDDEN_REASON}"`), hidden };
}
