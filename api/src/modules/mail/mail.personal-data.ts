import type { DataSource } from 'typeorm';
import type { PersonalDataRegistry } from '@core/privacy/personal-data-registry';
import { PersonalTable, type PersonalTableSpec } from '@core/privacy/personal-table';

/** What a purged message shows in 'Correos' instead of its body. */
export const PURGED_BODY = 'Contenido suprimido por una solicitud de cancelación de datos personales (derechos ARCO).';

/**
 * The messages sent to an address. Anonymising keeps the row (that a message of that kind went, when,
 * with what result: the counts of 'Correos') and purges the rest: the address becomes a unique `.invalid`
 * placeholder, the name null, the body and the data snapshot replaced by a marker. A message not yet sent is
 * failed (it could not go anywhere now). Not correctable: a sent message is what it was.
 */
export const MAIL_PERSONAL_DATA: PersonalTableSpec = {
  source: 'correos',
  table: 'correos',
  emailColumn: 'to_email',
  resourceType: 'correo',
  fields: ['to_email', 'to_name', 'template', 'subject', 'status', 'sent_at'],
  instantFields: ['sent_at'],
  reference: `t.subject`,
  anonymize: {
    to_email: `'anonimizado-correos-' || t.id || '@anonimizado.invalid'`,
    to_name: 'NULL',
    data: `jsonb_build_object('anonimizado', true)`,
    html: `'<p>${PURGED_BODY}</p>'`,
    text: `'${PURGED_BODY}'`,
    last_error: `CASE WHEN t.status IN ('queued', 'sending') THEN '${PURGED_BODY}' ELSE t.last_error END`,
    status: `CASE WHEN t.status IN ('queued', 'sending') THEN 'failed' ELSE t.status END`,
    updated_at: 'clock_timestamp()',
  },
  rectifiable: [],
};

export function registerMailPersonalData(registry: PersonalDataRegistry, ds: DataSource): void {
  registry.register(new PersonalTable(ds, MAIL_PERSONAL_DATA));
}
