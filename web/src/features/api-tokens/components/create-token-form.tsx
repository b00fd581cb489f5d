import { useState, type FormEvent } from 'react';
import { API_TOKEN_LIMITS, type CreatedApiTokenResponse } from '@shared/contracts/api-tokens.contract';
import { heldPermissions, type Action, type Area, type Permissions } from '@shared/permissions';
import { FieldError } from '../../../components/ui/field-error';
import { Options, SelectField, TextField } from '../../../components/ui/field';
import { errorMessage, listFieldErrors } from '../../../lib/api-client';
import type { SessionUser } from '../../../lib/auth';
import { formatDate } from '../../../lib/format';
import { ACTION_LABELS, ACTIONS, AREA_LABELS, AREAS } from '../../../lib/permissions';
import { toast } from '../../../lib/toast';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { createApiToken } from '../api/api-tokens-api';
import { FormActions } from '../../../components/ui/form-actions';
import { Card } from '../../../components/ui/card';

/** How long a new token lives: a few fixed choices (the server takes any date up to API_TOKEN_LIMITS.maxDays). */
const DURATIONS = ['30', '90', '180', '365'] as const;
type Duration = (typeof DURATIONS)[number];
const DURATION_LABELS: Record<Duration, string> = { '30': '30 días', '90': '90 días', '180': '6 meses', '365': '1 año' };
const DAY_MS = 24 * 60 * 60 * 1000;

/** The new token's name, life and permissions: only what the person holds is offered. */
export function CreateTokenForm({ user, onCreated }: { user: SessionUser; onCreated: (answer: CreatedApiTokenResponse) => void }) {
  const held = heldPermissions(user);
  const [name, setName] = useState('');
  const [duration, setDuration] = useState<Duration>('90');
  const [chosen, setChosen] = useState<Permissions>({});
  const { errors, submitting, submit } = useFormSubmit();
  // The hint's date counts from when the form opened; the request, from when it is sent.
  const [openedAt] = useState(() => Date.now());
  const expiresAfter = (from: number) => new Date(from + Number(duration) * DAY_MS);

  const toggle = (area: Area, action: Action, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current[area] ?? []);
      if (on) next.add(action);
      else next.delete(action);
      const list = ACTIONS.filter((a) => next.has(a));
      const copy = { ...current };
      if (list.length > 0) copy[area] = list;
      else delete copy[area];
      return copy;
    });

  const handleSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const problems: Record<string, string[]> = {};
    if (!name.trim()) problems.name = ['El nombre del token es obligatorio.'];
    if (Object.keys(chosen).length === 0) problems.permissions = ['Elige al menos un permiso para el token.'];
    const sent = await submit({
      problems,
      focusPrefix: 'token-',
      send: async () => {
        onCreated(await createApiToken({ name: name.trim(), expires_at: expiresAfter(Date.now()).toISOString(), permissions: chosen }));
        toast.success('Token creado. Cópialo ahora: no se volverá a mostrar.');
      },
      refused: (err) => toast.error(errorMessage(err, 'No se pudo crear el token')),
    });
    if (sent) {
      setName('');
      setChosen({});
    }
  };

  const areas = AREAS.filter((area) => held[area]?.length);
  const permissionErrors = listFieldErrors(errors, 'permissions');
  return (
    <Card title="Crear un token">
      <form onSubmit={handleSubmit} noValidate data-testid="api-token-form" className="api-tokens__form">
        <TextField
          id="token-name"
          label="Nombre"
          hint="Para reconocerlo después, p. ej. «Portal de transparencia»."
          value={name}
          onValueChange={setName}
          errors={errors.name}
          maxLength={API_TOKEN_LIMITS.name}
          autoComplete="off"
        />
        <SelectField
          id="token-expires_at"
          label="Vence en"
          hint={`Dejará de funcionar el ${formatDate(expiresAfter(openedAt))}.`}
          value={duration}
          onValueChange={setDuration}
          errors={errors.expires_at}
        >
          <Options values={DURATIONS} labels={DURATION_LABELS} />
        </SelectField>
        <fieldset className="api-tokens__perms" aria-describedby="token-permissions-hint">
          <legend className="field__label">Permisos</legend>
          <p className="field__hint" id="token-permissions-hint">
            Solo los que tú tienes. Si pierdes uno, el token también lo pierde.
          </p>
          {areas.length === 0 ? (
            <p className="api-tokens__empty">No tienes permisos que dar a un token: pídelos a un super administrador.</p>
          ) : null}
          {areas.map((area) => (
            <fieldset key={area} className="api-tokens__area" data-testid={`token-perms-${area}`}>
              <legend>{AREA_LABELS[area]}</legend>
              <div className="api-tokens__options">
                {ACTIONS.filter((a) => held[area]?.includes(a)).map((action, i) => (
                  <label key={action} className="checkbox api-tokens__option">
                    <input
                      type="checkbox"
                      id={i === 0 && area === areas[0] ? 'token-permissions' : undefined}
                      name={`${area}.${action}`}
                      checked={chosen[area]?.includes(action) ?? false}
                      onChange={(e) => toggle(area, action, e.target.checked)}
                    />
                    <span>{ACTION_LABELS[action]}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          <FieldError id="token-permissions-error" messages={permissionErrors} />
        </fieldset>
        <FormActions submitDisabled={submitting} submitTestId="api-token-create">
          {submitting ? 'Creando…' : 'Crear token'}
        </FormActions>
      </form>
    </Card>
  );
}
