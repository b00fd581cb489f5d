import { DataSource } from 'typeorm';
import { MailOutbox } from '../../api/src/modules/mail/mail-outbox';
import { MailRenderer } from '../../api/src/modules/mail/render/mail-renderer';
import type { RenderedMail } from '../../api/src/modules/mail/render/mail-renderer.types';
import type { QueuedMail } from '../../api/src/shared/contracts/mail.contract';
import { eventually, type TestApp } from '../setup/test-app';

let next = 1;

/** A registration confirmation as external-events queues it (the citizen helper makes registration do it). */
export function confirmacion(
  overrides: { id?: number; email?: string; name?: string | null; codigo?: string; eventoId?: number; titulo?: string } = {},
): QueuedMail<'registro.confirmacion'> {
  const id = overrides.id ?? next++;
  const eventoId = overrides.eventoId ?? 1;
  return {
    key: `registro.confirmacion:${id}`,
    template: 'registro.confirmacion',
    to: {
      email: overrides.email ?? `persona${id}@correo.test`,
      name: overrides.name === undefined ? 'Rosa María Villarreal' : overrides.name,
    },
    data: {
      registro_id: id,
      evento_id: eventoId,
      slug: 'festival-de-la-luz',
      nombre: overrides.name ?? 'Rosa María',
      codigo: overrides.codigo ?? `K${String(id).padStart(4, '0')}`.slice(0, 5),
      evento: {
        titulo: overrides.titulo ?? 'Festival de la Luz',
        inicio: new Date(Date.now() + 7 * 86400_000).toISOString(),
        fin: new Date(Date.now() + 7 * 86400_000 + 3 * 3600_000).toISOString(),
        lugar: 'Parque Fundidora, Monterrey',
      },
    },
    ref: { type: 'evento-externo', id: eventoId },
  };
}

/** Queues messages in a transaction of their own, as an area does with its change; answers their ids. */
export async function queueMails(t: TestApp, mails: QueuedMail[]): Promise<string[]> {
  await t.app.get(DataSource).transaction((m) => t.app.get(MailOutbox).queue(m, mails));
  const rows = await t.query<{ id: string }>(`SELECT id::text FROM correos WHERE idempotency_key = ANY($1) ORDER BY correos.id`, [
    mails.map((m) => m.key),
  ]);
  return rows.map((r) => r.id);
}

export interface CorreoState {
  id: string;
  status: string;
  attempts: number;
  last_error: string | null;
  message_id: string | null;
  provider_message_id: string | null;
}

export async function correo(t: TestApp, id: string): Promise<CorreoState> {
  const [row] = await t.query<CorreoState>(
    `SELECT id::text, status, attempts, last_error, message_id, provider_message_id FROM correos WHERE id = $1`,
    [id],
  );
  return row;
}

/**
 * The message as the workers rendered (and sent, or stored) it, once they have: nothing rendered is stored,
 * so it is the row's intent rendered again by the app's MailRenderer, which is deterministic for a row.
 */
export async function sentMessage(t: TestApp, id: string): Promise<RenderedMail> {
  const [row] = await eventually(
    () =>
      t.query<{ template: string; data: Record<string, unknown>; created_at: Date; status: string }>(
        `SELECT template, data, created_at, status FROM correos WHERE id = $1`,
        [id],
      ),
    (rows) => rows.length === 1 && rows[0].status !== 'queued' && rows[0].status !== 'sending',
  );
  return t.app.get(MailRenderer).render(row.template, row.data, { id, createdAt: new Date(row.created_at) });
}

/** A queued message as its change wrote it (the intent: nothing rendered is stored). */
export interface QueuedIntent {
  idempotency_key: string;
  template: string;
  to_email: string;
  to_name: string;
  data: Record<string, unknown>;
  ref_type: string | null;
  ref_id: number | null;
}

/** The queued messages `where` picks (a condition on correos, `$1`… from `params`), ordered by `orderBy`. */
export function queuedMails(t: TestApp, where: string, params: unknown[], orderBy = 'id'): Promise<QueuedIntent[]> {
  return t.query<QueuedIntent>(
    `SELECT idempotency_key, template, to_email, to_name, data, ref_type, ref_id FROM correos WHERE ${where} ORDER BY ${orderBy}`,
    params,
  );
}
