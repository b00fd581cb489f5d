import { useState, type FormEvent } from 'react';
import {
  WEBHOOK_EVENT_NAMES,
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  type WebhookEndpointResponse,
  type WebhookEvent,
  type WebhookInput,
} from '@shared/contracts/webhooks.contract';
import { Alert } from '../../../components/ui/alert';
import { FieldError } from '../../../components/ui/field-error';
import { fieldBinder, TextField } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { errorMessage, type FieldErrors } from '../../../lib/api-client';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { createWebhook, updateWebhook } from '../api/webhooks-api';
import { loadWebhooks } from '../stores/webhooks-store';

/** The form's own check: what the server would refuse field by field (the address itself is the server's to check). */
function problemsOf(input: WebhookInput): FieldErrors {
  const problems: FieldErrors = {};
  if (!input.url.trim()) problems.url = ['La URL es obligatoria.'];
  else if (!/^https?:\/\//i.test(input.url.trim())) problems.url = ['La URL debe empezar con https://.'];
  if (input.eventos.length === 0) problems.eventos = ['Elige al menos un evento.'];
  return problems;
}

/** Register or change an endpoint; a new one (or a rotation) ends by showing its secret once (`onSecret`). */
export function WebhookFormModal({
  webhook,
  onClose,
  onSecret,
}: {
  webhook: WebhookEndpointResponse | null;
  onClose: () => void;
  onSecret: (secreto: string, rotated: boolean) => void;
}) {
  const [text, setText] = useState({ url: webhook?.url ?? '', descripcion: webhook?.descripcion ?? '' });
  const [eventos, setEventos] = useState<WebhookEvent[]>(webhook?.eventos ?? []);
  const [activo, setActivo] = useState(webhook ? webhook.estado === 'activo' : true);
  const [rotar, setRotar] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, submitting, submit } = useFormSubmit();
  const bind = fieldBinder('webhook-', text, errors, (key, v) => setText((current) => ({ ...current, [key]: v })));

  const toggle = (evento: WebhookEvent, on: boolean) =>
    setEventos((list) => (on ? WEBHOOK_EVENT_NAMES.filter((e) => e === evento || list.includes(e)) : list.filter((e) => e !== evento)));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input: WebhookInput = {
      url: text.url.trim(),
      descripcion: text.descripcion.trim() || null,
      eventos,
      estado: activo ? 'activo' : 'pausado',
    };
    setFailure(null);
    await submit({
      problems: problemsOf(input),
      focusPrefix: 'webhook-',
      send: async () => {
        if (webhook) {
          const answer = await updateWebhook(webhook.id, { ...input, rotar_secreto: rotar });
          if (answer.secreto) onSecret(answer.secreto, true);
          else onClose();
        } else {
          onSecret((await createWebhook(input)).secreto, false);
        }
        void loadWebhooks({ silent: true });
      },
      refused: (error) => setFailure(errorMessage(error, 'No se pudo guardar el webhook')),
    });
  };

  return (
    <Modal title={webhook ? 'Editar webhook' : 'Registrar webhook'} onClose={onClose} size="lg" testId="webhook-form">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="webhook-form">
        {failure ? <Alert kind="error">{failure}</Alert> : null}
        <TextField
          label="URL del receptor"
          {...bind('url')}
          type="url"
          inputMode="url"
          autoComplete="url"
          hint="Debe ser https y una dirección pública de internet."
          maxLength={WEBHOOK_LIMITS.url}
          required
        />
        <TextField label="Descripción (opcional)" {...bind('descripcion')} maxLength={WEBHOOK_LIMITS.descripcion} />
        <fieldset className="webhook-form__events" aria-describedby={errors.eventos?.length ? 'webhook-eventos-error' : undefined}>
          <legend className="field__label">Eventos que recibe</legend>
          {WEBHOOK_EVENT_NAMES.map((evento, i) => (
            <label key={evento} className="webhook-form__check">
              <input
                type="checkbox"
                id={i === 0 ? 'webhook-eventos' : `webhook-eventos-${evento}`}
                checked={eventos.includes(evento)}
                onChange={(e) => toggle(evento, e.target.checked)}
                data-testid={`webhook-evento-${evento}`}
              />
              <span>
                {WEBHOOK_EVENTS[evento]} <code>{evento}</code>
              </span>
            </label>
          ))}
          <FieldError id="webhook-eventos-error" messages={errors.eventos} />
        </fieldset>
        <label className="webhook-form__check">
          <input type="checkbox" checked={activo} onChange={(e) => setActivo(e.target.checked)} data-testid="webhook-activo" />
          <span>Activo (sin marcar: pausado, no recibe entregas)</span>
        </label>
        {webhook ? (
          <label className="webhook-form__check">
            <input type="checkbox" checked={rotar} onChange={(e) => setRotar(e.target.checked)} data-testid="webhook-rotar" />
            <span>Generar un secreto nuevo (el actual sigue firmando 24 horas)</span>
          </label>
        ) : null}
        <FormActions onCancel={onClose} submitDisabled={submitting} submitTestId="webhook-save">
          {submitting ? 'Guardando…' : webhook ? 'Guardar' : 'Registrar'}
        </FormActions>
      </form>
    </Modal>
  );
}
