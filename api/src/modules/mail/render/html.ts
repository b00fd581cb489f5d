/** HTML escaping for e-mail: every value a template shows goes through here (names, titles, places, links). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`=]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Characters that must never reach a header or change how a line reads: C0/C1 controls (CR, LF, NUL…), the
 * line and paragraph separators (U+2028/9), bidirectional overrides and isolates (U+202A–E, U+2066–9, which
 * can make "gpj.exe" read "exe.jpg") and zero-width marks. The same set the queue function strips in SQL
 * (`queue_mail`, mail.sql.ts).
 */
// eslint-disable-next-line no-control-regex
export const UNSAFE_TEXT_CHARS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** One line of text for a subject or a display name: unsafe characters become spaces, runs of spaces one. */
export function oneLine(value: string): string {
  return value.replace(UNSAFE_TEXT_CHARS, ' ').replace(/\s+/g, ' ').trim();
}

/** Free text for a body: line breaks kept, every other unsafe character removed. */
export function safeText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/[\u2028\u2029]/g, '\n')
    .replace(UNSAFE_TEXT_CHARS, (c) => (c === '\n' ? c : ''));
}
