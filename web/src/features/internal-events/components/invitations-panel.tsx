import { useEffect, useRef, useState } from 'react';
import type { AsistenteResponse, InvitationJobResponse } from '@shared/contracts/internal-events.contract';
import { Modal } from '../../../components/ui/modal';
import { ModalConfirmFooter } from '../../../components/ui/modal-footer';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { sendInvitations } from '../api/invitations';
import { applyInvitationProgress } from '../stores/internal-event-store';

export const hasEmail = (a: AsistenteResponse) => !!a.correo_electronico?.trim();
/** Who "all pending with an e-mail" names (what the server resolves when no one is chosen). */
export const pendingWithEmail = (list: readonly AsistenteResponse[]) =>
  list.filter((a) => a.pivot.confirmacion === 'pendiente' && hasEmail(a));

const running = (j: InvitationJobResponse) => j.status === 'queued' || j.status === 'processing';

/** Sends one request (one person, the chosen ones, or everyone pending with an e-mail): the answer is the job, shown at once. */
export async function requestInvitations(eventId: number, personaIds?: number[]): Promise<boolean> {
  try {
    const res = await sendInvitations(eventId, personaIds);
    applyInvitationProgress(eventId, res.job);
    toast.success(res.message);
    return true;
  } catch (err) {
    toast.error(errorMessage(err, 'Error al enviar las invitaciones'));
    return false;
  }
}

/** The last invitation request of the event: its progress while it runs (pushed live), then its result. */
export function InvitationsPanel({ job }: { job: InvitationJobResponse }) {
  const seen = useRef<string | null>(null);
  useEffect(() => {
    // A request that ends while the page is open says so once (one opened already finished says nothing).
    const key = `${job.id}:${job.status}`;
    if (seen.current === null) {
      seen.current = running(job) ? `${job.id}:running` : key;
      return;
    }
    if (seen.current === key || running(job)) return;
    seen.current = key;
    if (job.status === 'completed') toast.success(job.message ?? 'Invitaciones en cola de envío.');
    else toast.error(job.message || 'Error al enviar las invitaciones');
  }, [job]);
  return (
    <section className="card ie-invite-job" aria-labelledby="ie-invite-job-title" data-testid="ie-invite-job" data-status={job.status}>
      <h2 className="card__title" id="ie-invite-job-title">
        Envío de invitaciones por correo
      </h2>
      {running(job) ? (
        <>
          <ProgressBar
            percent={job.total ? (job.processed / job.total) * 100 : 0}
            tone="blue"
            label="Progreso del envío de invitaciones"
            testId="ie-invite-progress"
          />
          <p className="muted" aria-live="polite" data-testid="ie-invite-progress-text">
            {job.status === 'queued' ? 'En cola…' : `Procesadas ${job.processed} de ${job.total} invitaciones…`}
          </p>
        </>
      ) : (
        <p aria-live="polite" data-testid="ie-invite-result">
          {job.message}
        </p>
      )}
    </section>
  );
}

/** 'Enviar invitaciones': to the chosen attendees, or to every pending attendee with an e-mail. */
export function SendInvitationsModal({
  eventId,
  asistentes,
  selected,
  onSent,
  onClose,
}: {
  eventId: number;
  asistentes: readonly AsistenteResponse[];
  selected: readonly number[];
  onSent: () => void;
  onClose: () => void;
}) {
  const pending = pendingWithEmail(asistentes).length;
  const chosen = asistentes.filter((a) => selected.includes(a.id));
  const chosenWithEmail = chosen.filter(hasEmail).length;
  const [target, setTarget] = useState<'selected' | 'pending'>(chosen.length > 0 ? 'selected' : 'pending');
  const [sending, setSending] = useState(false);
  const count = target === 'selected' ? chosenWithEmail : pending;
  const send = async () => {
    setSending(true);
    const ok = await requestInvitations(eventId, target === 'selected' ? chosen.map((a) => a.id) : undefined);
    if (ok) {
      onSent();
      onClose();
    } else setSending(false);
  };
  return (
    <Modal title="Enviar invitaciones por correo" onClose={onClose} size="sm" testId="ie-send-invitations-modal">
      <p>Cada persona recibe su código de confirmación, su código QR y el enlace para confirmar su asistencia.</p>
      <fieldset className="ie-invite-target">
        <legend className="field__label">¿A quién?</legend>
        <label className="checkbox">
          <input
            type="radio"
            name="ie-invite-target"
            checked={target === 'pending'}
            onChange={() => setTarget('pending')}
            data-testid="ie-invite-target-pending"
          />
          <span>Todos los pendientes con correo ({pending})</span>
        </label>
        <label className="checkbox">
          <input
            type="radio"
            name="ie-invite-target"
            checked={target === 'selected'}
            disabled={chosen.length === 0}
            onChange={() => setTarget('selected')}
            data-testid="ie-invite-target-selected"
          />
          <span>
            Los seleccionados ({chosen.length}
            {chosen.length > chosenWithEmail ? `, ${chosen.length - chosenWithEmail} sin correo` : ''})
          </span>
        </label>
      </fieldset>
      <ModalConfirmFooter
        onCancel={onClose}
        onConfirm={() => void send()}
        confirmDisabled={sending || count === 0}
        confirmTestId="ie-invite-send"
      >
        {sending ? 'Enviando...' : `Enviar ${count} ${count === 1 ? 'invitación' : 'invitaciones'}`}
      </ModalConfirmFooter>
    </Modal>
  );
}
