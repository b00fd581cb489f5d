import type {
  CancelLinkView,
  ConfirmLinkView,
  OfferLinkView,
  PublicRegistrationAccepted,
} from '@shared/contracts/external-events.contract';
import type { ProgramApplicationAccepted, ProgramConfirmLinkView, ProgramOfferLinkView } from '@shared/contracts/programs.contract';
import { SIGNED_LINKS, type LinkPurpose } from '@shared/contracts/links.contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * A signed link's two calls on its purpose's API route (links.contract.ts: the one list of signed-link paths), without a
 * session: GET what the link is about (404 tampered, 409 used, 410 expired), POST its action (idempotent: a retried click
 * changes nothing).
 */
function signedLink<View, Result>(purpose: LinkPurpose) {
  const path = (token: string) => `${SIGNED_LINKS[purpose].api}${encodeURIComponent(token)}`;
  return {
    get: (token: string) => apiRequest<View>(path(token), { auth: 'none' }),
    post: (token: string) => apiRequest<Result>(path(token), { method: 'POST', auth: 'none', idempotent: true }),
  };
}

/** /api/registros/cancelar/{token}: GET the event and the first name; POST → 200 { message }. */
export const { get: getCancelLink, post: cancelRegistration } = signedLink<CancelLinkView, { message: string }>('cancel-registration');

/** /api/lista-espera/aceptar/{token}: GET the place offered and until when; POST → 201 { message, registration }. */
export const { get: getOfferLink, post: acceptOffer } = signedLink<OfferLinkView, PublicRegistrationAccepted>('accept-waitlist-offer');

/** /api/lista-espera/programa/aceptar/{token}: GET the place offered in a program; POST → 201 { message, registration } (pendiente). */
export const { get: getProgramOfferLink, post: acceptProgramOffer } = signedLink<ProgramOfferLinkView, ProgramApplicationAccepted>(
  'accept-program-waitlist-offer',
);

/** /api/lista-espera/confirmar/{token}: GET the join to confirm (410 once past its time); POST → 200 { message } (again: 200). */
export const { get: getConfirmLink, post: confirmJoin } = signedLink<ConfirmLinkView, { message: string }>('confirm-waitlist-join');

/** /api/lista-espera/programa/confirmar/{token}: GET a program's join to confirm; POST → 200 { message }. */
export const { get: getProgramConfirmLink, post: confirmProgramJoin } = signedLink<ProgramConfirmLinkView, { message: string }>(
  'confirm-program-waitlist-join',
);
