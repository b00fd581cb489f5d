import type {
  CancelLinkView,
  ConfirmLinkView,
  OfferLinkView,
  PublicRegistrationAccepted,
} from '@shared/contracts/external-events.contract';
import type { ProgramApplicationAccepted, ProgramConfirmLinkView, ProgramOfferLinkView } from '@shared/contracts/programs.contract';
import { SIGNED_LINKS, type LinkPurpose } from '@shared/contracts/links.contract';
import { apiRequest } from '../../../lib/api-client';

/** The purpose's API route for a token (links.contract.ts: the one list of signed-link paths). */
const path = (purpose: LinkPurpose, token: string) => `${SIGNED_LINKS[purpose].api}${encodeURIComponent(token)}`;

/** GET /api/registros/cancelar/{token}: the event and the first name; 404 tampered, 409 used, 410 expired. */
export function getCancelLink(token: string): Promise<CancelLinkView> {
  return apiRequest<CancelLinkView>(path('cancel-registration', token), { auth: 'none' });
}

/** POST /api/registros/cancelar/{token} → 200 { message }. */
export function cancelRegistration(token: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(path('cancel-registration', token), { method: 'POST', auth: 'none', idempotent: true });
}

/** GET /api/lista-espera/aceptar/{token}: the place offered and until when. */
export function getOfferLink(token: string): Promise<OfferLinkView> {
  return apiRequest<OfferLinkView>(path('accept-waitlist-offer', token), { auth: 'none' });
}

/** POST /api/lista-espera/aceptar/{token} → 201 { message, registration }. */
export function acceptOffer(token: string): Promise<PublicRegistrationAccepted> {
  return apiRequest<PublicRegistrationAccepted>(path('accept-waitlist-offer', token), { method: 'POST', auth: 'none', idempotent: true });
}

/** GET /api/lista-espera/programa/aceptar/{token}: the place offered in a program and until when. */
export function getProgramOfferLink(token: string): Promise<ProgramOfferLinkView> {
  return apiRequest<ProgramOfferLinkView>(path('accept-program-waitlist-offer', token), { auth: 'none' });
}

/** POST /api/lista-espera/programa/aceptar/{token} → 201 { message, registration } (the application, pendiente). */
export function acceptProgramOffer(token: string): Promise<ProgramApplicationAccepted> {
  return apiRequest<ProgramApplicationAccepted>(path('accept-program-waitlist-offer', token), {
    method: 'POST',
    auth: 'none',
    idempotent: true,
  });
}

/** GET /api/lista-espera/confirmar/{token}: the join to confirm; 410 once past its time. */
export function getConfirmLink(token: string): Promise<ConfirmLinkView> {
  return apiRequest<ConfirmLinkView>(path('confirm-waitlist-join', token), { auth: 'none' });
}

/** POST /api/lista-espera/confirmar/{token} → 200 { message } (again: 200, nothing changes). */
export function confirmJoin(token: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(path('confirm-waitlist-join', token), { method: 'POST', auth: 'none', idempotent: true });
}

/** GET /api/lista-espera/programa/confirmar/{token}: a program's join to confirm. */
export function getProgramConfirmLink(token: string): Promise<ProgramConfirmLinkView> {
  return apiRequest<ProgramConfirmLinkView>(path('confirm-program-waitlist-join', token), { auth: 'none' });
}

/** POST /api/lista-espera/programa/confirmar/{token} → 200 { message }. */
export function confirmProgramJoin(token: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(path('confirm-program-waitlist-join', token), { method: 'POST', auth: 'none', idempotent: true });
}
