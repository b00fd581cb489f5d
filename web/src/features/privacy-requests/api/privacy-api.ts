import { SIGNED_LINKS, type LinkPurpose } from '@shared/contracts/links.contract';
import type {
  ArcoPublicInfo,
  ArcoQueueStatus,
  ArcoRequestBody,
  ArcoRequestDetail,
  ArcoRequestResponse,
  ArcoRequestsPage,
  ArcoResolveBody,
  UnsubscribeView,
} from '@shared/contracts/privacy.contract';
import { apiRequest } from '../../../lib/api-client';

/** The purpose's API route for a token (links.contract.ts: the one list of signed-link paths). */
const tokenPath = (purpose: LinkPurpose, token: string) => `${SIGNED_LINKS[purpose].api}${encodeURIComponent(token)}`;

/** GET /api/privacidad/info → the legal term in business days (the form says it). */
export function getArcoInfo(): Promise<ArcoPublicInfo> {
  return apiRequest<ArcoPublicInfo>('/api/privacidad/info', { auth: 'none' });
}

/** POST /api/privacidad/solicitudes → 202, always the same message. */
export function fileArcoRequest(body: ArcoRequestBody): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/api/privacidad/solicitudes', { method: 'POST', body, auth: 'none', idempotent: true });
}

/** GET /api/privacidad/solicitudes/confirmar/{token} → the request's folio and type. */
export function getArcoConfirm(token: string): Promise<{ folio: string; tipo: string; confirmada: boolean }> {
  return apiRequest(tokenPath('confirm-arco-request', token), { auth: 'none' });
}

/** POST /api/privacidad/solicitudes/confirmar/{token} → the request enters the queue with its due date. */
export function confirmArcoRequest(token: string): Promise<{ message: string; folio: string; fecha_limite: string | null }> {
  return apiRequest(tokenPath('confirm-arco-request', token), { method: 'POST', auth: 'none', idempotent: true });
}

/** GET /api/privacidad/baja/{token} → the (masked) address and whether it is already off the mail. */
export function getUnsubscribe(token: string): Promise<UnsubscribeView> {
  return apiRequest<UnsubscribeView>(tokenPath('unsubscribe-mail', token), { auth: 'none' });
}

/** POST /api/privacidad/baja/{token} → the address joins the suppression list. */
export function unsubscribe(token: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(tokenPath('unsubscribe-mail', token), { method: 'POST', auth: 'none', idempotent: true });
}

/** GET /api/privacidad/solicitudes → one page of the queue. */
export function getArcoRequests(query: { status: ArcoQueueStatus | ''; page: number }): Promise<ArcoRequestsPage> {
  const params = new URLSearchParams({ page: String(query.page) });
  if (query.status) params.set('status', query.status);
  return apiRequest<ArcoRequestsPage>(`/api/privacidad/solicitudes?${params.toString()}`);
}

/** GET /api/privacidad/solicitudes/{id} → the request and what is held about its address. */
export function getArcoRequest(id: number): Promise<{ solicitud: ArcoRequestDetail }> {
  return apiRequest<{ solicitud: ArcoRequestDetail }>(`/api/privacidad/solicitudes/${id}`);
}

/** POST /api/privacidad/solicitudes/{id}/resolver. */
export function resolveArcoRequest(id: number, body: ArcoResolveBody): Promise<{ message: string; solicitud: ArcoRequestResponse }> {
  return apiRequest(`/api/privacidad/solicitudes/${id}/resolver`, { method: 'POST', body });
}
