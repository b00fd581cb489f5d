import type { Action, Area } from '../permissions';
import { PROGRAM_PERMISSION_AREAS } from './programs.contract';

/**
 * What a signed link may do (core/links/signed-links.ts signs and checks them): one purpose per link, checked on use,
 * so a cancel link never accepts an offer and a token of one table never names a row of another. An area that mails
 * a new kind of link adds its purpose here, not in core — and its paths and staff rule in SIGNED_LINKS below.
 */
export const LINK_PURPOSES = [
  'cancel-registration',
  'accept-waitlist-offer',
  'accept-program-waitlist-offer',
  // A waitlist join is confirmed by a link to its address before it takes a place in line.
  'confirm-waitlist-join',
  'confirm-program-waitlist-join',
  // Privacy: prove the address of an ARCO request (its id); download an access export (the request's
  // id); stop all mail to the address a message went to (the message's id in `correos`).
  'confirm-arco-request',
  'download-arco-export',
  'unsubscribe-mail',
] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

/** Where a purpose's token travels, and who among staff may see it live (docs/decisions/correos.md). */
export interface SignedLinkRoutes {
  /**
   * The web page a message links to: `${PUBLIC_URL}${page}<token>` (the page's route is `${page}:token`); null when the
   * message links straight to the API (a download).
   */
  page: string | null;
  /** The public API routes the page calls, the token as the last segment (GET shows, POST acts). */
  api: string;
  /** The methods its API route answers (GET shows or serves, POST acts); both when absent. */
  methods?: readonly ('get' | 'post')[];
  /**
   * The staff who could do the same thing from the panel: they see the link working on the Correos screen; anyone
   * else reads the token as LINK_HIDDEN (a view-only reader must not get a working cancel or accept link). No areas:
   * only a super admin (a link that proves the citizen's own address or hands over their data is nobody else's).
   */
  staff: { areas: readonly Area[]; action: Action };
}

/**
 * The one list of signed-link paths: the mail templates build their URLs from `page`, the web app's routes are
 * `${page}:token`, the access log redacts the segment after every `page` and `api` (core/logging), and the Correos
 * screen masks tokens by the purpose their `page` names.
 */
export const SIGNED_LINKS: Record<LinkPurpose, SignedLinkRoutes> = {
  // Staff cancel a registration with DELETE /api/eventos-externos/{id}/registrations/{rid}: delete.
  'cancel-registration': {
    page: '/registro/cancelar/',
    api: '/api/registros/cancelar/',
    staff: { areas: ['eventos_externos'], action: 'delete' },
  },
  // Accepting turns a held place into a registration: the change of a registration's state staff make with edit.
  'accept-waitlist-offer': {
    page: '/lista-espera/aceptar/',
    api: '/api/lista-espera/aceptar/',
    staff: { areas: ['eventos_externos'], action: 'edit' },
  },
  'accept-program-waitlist-offer': {
    page: '/lista-espera/programa/aceptar/',
    api: '/api/lista-espera/programa/aceptar/',
    staff: { areas: PROGRAM_PERMISSION_AREAS, action: 'edit' },
  },
  // Confirming a join puts the address in line: the waitlist's management, edit (as accepting an offer).
  'confirm-waitlist-join': {
    page: '/lista-espera/confirmar/',
    api: '/api/lista-espera/confirmar/',
    staff: { areas: ['eventos_externos'], action: 'edit' },
  },
  'confirm-program-waitlist-join': {
    page: '/lista-espera/programa/confirmar/',
    api: '/api/lista-espera/programa/confirmar/',
    staff: { areas: PROGRAM_PERMISSION_AREAS, action: 'edit' },
  },
  // Privacy: the ARCO request's proof of address, its access export, and a reminder's unsubscribe. None
  // is a staff action: staff never confirm a citizen's address, download their export or unsubscribe them.
  'confirm-arco-request': {
    page: '/privacidad/confirmar/',
    api: '/api/privacidad/solicitudes/confirmar/',
    staff: { areas: [], action: 'edit' },
  },
  'download-arco-export': {
    page: null,
    api: '/api/privacidad/exportacion/',
    methods: ['get'],
    staff: { areas: [], action: 'edit' },
  },
  'unsubscribe-mail': {
    page: '/privacidad/baja/',
    api: '/api/privacidad/baja/',
    staff: { areas: [], action: 'edit' },
  },
};

/** Every path whose next segment is a signed token (web pages and API routes), longest first. */
export const SIGNED_LINK_PATHS: readonly string[] = Object.values(SIGNED_LINKS)
  .flatMap((l) => (l.page ? [l.page, l.api] : [l.api]))
  .sort((a, b) => b.length - a.length);

/** What a reader who may not use a link sees in place of its token, and why (the inert link's title, the screen's note). */
export const LINK_HIDDEN = '[enlace oculto]';
export const LINK_HIDDEN_REASON =
  'Enlace oculto: funciona sin cuenta y solo lo ve quien puede hacer esa acción desde el panel (cancelar registros, aceptar lugares).';

/** The path of a purpose's page for a token (absolute with PUBLIC_URL before it). */
export function signedLinkPath(purpose: LinkPurpose, token: string): string {
  return `${SIGNED_LINKS[purpose].page ?? SIGNED_LINKS[purpose].api}${token}`;
}
