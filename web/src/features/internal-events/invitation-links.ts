/** The link an invitation's QR carries: the public page with the code filled in (the invited person can confirm with it). */
export function invitationUrl(origin: string, slugOrId: string, code: string): string {
  return `${origin}/evento-interno/${encodeURIComponent(slugOrId)}?codigo=${encodeURIComponent(code)}`;
}
