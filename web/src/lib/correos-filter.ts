/**
 * The 'Correos' screen's filter as the address bar holds it (`/correos?ref_type=…&ref_id=…&status=…&page=…`, the
 * same names as GET /api/correos): a link from an event's page presets it, and back/forward walk the staff's
 * filter changes. Shared so a feature can link to Correos without importing it.
 */
import { MAIL_REF_TYPES, MAIL_STATUSES, type MailRefType, type MailStatus } from '@shared/contracts/mail.contract';

export interface CorreosFilter {
  status: MailStatus | '';
  ref: { type: MailRefType; id: number } | null;
  page: number;
}

const positiveInt = (value: string | null): number | null => (value !== null && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null);

/** The filter a URL's query asks for; anything unknown or malformed reads as 'all' (page 1). */
export function correosFilterFrom(params: URLSearchParams): CorreosFilter {
  const status = params.get('status');
  const type = params.get('ref_type');
  const id = positiveInt(params.get('ref_id'));
  return {
    status: (MAIL_STATUSES as readonly string[]).includes(status ?? '') ? (status as MailStatus) : '',
    ref: (MAIL_REF_TYPES as readonly string[]).includes(type ?? '') && id !== null ? { type: type as MailRefType, id } : null,
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/** The query of a filter, without its defaults (no status, no ref, page 1 leave nothing). */
export function correosSearch(filter: Partial<CorreosFilter>): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.ref) {
    params.set('ref_type', filter.ref.type);
    params.set('ref_id', String(filter.ref.id));
  }
  if (filter.status) params.set('status', filter.status);
  if (filter.page && filter.page > 1) params.set('page', String(filter.page));
  return params;
}

/** The Correos screen filtered to one event or program. */
export function correosPathFor(type: MailRefType, id: number): string {
  return `/correos?${correosSearch({ ref: { type, id } }).toString()}`;
}
