import type { UserResponse } from '@shared/contracts/users.contract';
import type { FieldErrors } from '../../../lib/api-client';
import { ACTION_LABELS, ACTIONS, AREA_LABELS, AREAS, type Action, type Area } from '../../../lib/permissions';
import type { UserPayload } from '../api/types';
import { Alert } from '../../../components/ui/alert';
import { fieldBinder, TextField } from '../../../components/ui/field';
import { FieldError } from '../../../components/ui/field-error';

/**
 * Every area of the product, so a super admin can grant each one here (spec 1 §2.5 shows the first two;
 * the people database and the programs have their own areas, see docs/decisions.md). An area added later
 * (shared/permissions.ts) shows after these.
 */
const FORM_ORDER: readonly Area[] = ['eventos_internos', 'eventos_externos', 'personas', 'programas_servicios'];
export const FORM_AREAS: readonly Area[] = [...FORM_ORDER, ...AREAS.filter((area) => !FORM_ORDER.includes(area))];
type FormArea = Area;

function emptyAreas(): Record<FormArea, Action[]> {
  return Object.fromEntries(FORM_AREAS.map((area) => [area, [] as Action[]])) as Record<FormArea, Action[]>;
}

export interface UserFormValue {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
  is_super_admin: boolean;
  permissions: Record<FormArea, Action[]>;
}

export const EMPTY_USER_FORM: UserFormValue = {
  name: '',
  email: '',
  password: '',
  password_confirmation: '',
  is_super_admin: false,
  permissions: emptyAreas(),
};

export function formFromUser(user: UserResponse): UserFormValue {
  return {
    name: user.name,
    email: user.email,
    password: '',
    password_confirmation: '',
    is_super_admin: user.is_super_admin,
    permissions: Object.fromEntries(FORM_AREAS.map((area) => [area, [...(user.permissions[area] ?? [])]])) as Record<FormArea, Action[]>,
  };
}

/** Builds the request body; the password pair is sent only when `withPassword`. */
export function toPayload(value: UserFormValue, withPassword: boolean): UserPayload {
  const payload: UserPayload = {
    name: value.name.trim(),
    email: value.email.trim(),
    is_super_admin: value.is_super_admin,
    permissions: Object.fromEntries(FORM_AREAS.map((area) => [area, ACTIONS.filter((a) => value.permissions[area].includes(a))])) as Record<
      FormArea,
      Action[]
    >,
  };
  if (withPassword) {
    payload.password = value.password;
    payload.password_confirmation = value.password_confirmation;
  }
  return payload;
}

/** Required fields, in Spanish, before anything is sent. */
function missingFields(value: UserFormValue, passwordRequired: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (!value.name.trim()) errors.name = ['El nombre es obligatorio.'];
  if (!value.email.trim()) errors.email = ['El correo electrónico es obligatorio.'];
  if (passwordRequired && !value.password) errors.password = ['La contraseña es obligatoria.'];
  if (passwordRequired && !value.password_confirmation) {
    errors.password_confirmation = ['La confirmación de la contraseña es obligatoria.'];
  }
  return errors;
}

/** What the user form says above its fields: a success, or an error the fields do not show. */
export type UserFormMessage = { kind: 'success' | 'error'; text: string } | null;

/**
 * The form's own check before sending (spec 1 §5): the missing fields, whether the password pair goes with
 * it (always when creating, when either is filled when editing) and, with nothing missing, the message when
 * the pair differs.
 */
export function checkUserForm(value: UserFormValue, passwordRequired: boolean) {
  const missing = missingFields(value, passwordRequired);
  const withPassword = passwordRequired || value.password !== '' || value.password_confirmation !== '';
  const differ = Object.keys(missing).length === 0 && withPassword && value.password !== value.password_confirmation;
  const mismatch: UserFormMessage = differ ? { kind: 'error', text: 'Las contraseñas no coinciden' } : null;
  return { missing, withPassword, mismatch };
}

/** The password pair: required when creating, optional when editing. */
const PASSWORD_INPUT = {
  create: { type: 'password', autoComplete: 'new-password', required: true },
  edit: { type: 'password', autoComplete: 'new-password', required: false },
} as const;

const KNOWN_KEYS = ['name', 'email', 'password', 'password_confirmation', 'is_super_admin'];

function errorsFor(errors: FieldErrors, key: string): string[] {
  return errors[key] ?? [];
}

function areaErrors(errors: FieldErrors, area: FormArea): string[] {
  return Object.entries(errors)
    .filter(([key]) => key === `permissions.${area}` || key.startsWith(`permissions.${area}.`))
    .flatMap(([, list]) => list);
}

function otherErrors(errors: FieldErrors): string[] {
  return Object.entries(errors)
    .filter(([key]) => !KNOWN_KEYS.includes(key) && !FORM_AREAS.some((a) => key.startsWith(`permissions.${a}`)))
    .flatMap(([, list]) => list);
}

/** The form's message, then name, e-mail, password pair, super admin flag and per-area action checkboxes (create and edit). */
export function UserFormFields({
  idPrefix,
  value,
  onChange,
  errors,
  message,
  mode,
}: {
  idPrefix: string;
  value: UserFormValue;
  onChange: (next: UserFormValue) => void;
  errors: FieldErrors;
  message: UserFormMessage;
  mode: 'create' | 'edit';
}) {
  const set = <K extends keyof UserFormValue>(key: K, v: UserFormValue[K]) => onChange({ ...value, [key]: v });
  const toggle = (area: FormArea, action: Action, checked: boolean) => {
    const current = value.permissions[area];
    const next = checked ? [...current.filter((a) => a !== action), action] : current.filter((a) => a !== action);
    onChange({ ...value, permissions: { ...value.permissions, [area]: next } });
  };
  const id = (key: string) => `${idPrefix}-${key}`;
  const bind = fieldBinder(`${idPrefix}-`, value, errors, set);
  const others = otherErrors(errors);

  return (
    <>
      {message ? (
        <Alert kind={message.kind} testId={`${idPrefix}-user-message`}>
          {message.text}
        </Alert>
      ) : null}
      <div className="form-grid">
        <TextField label="Nombre" {...bind('name')} autoComplete="off" required placeholder="Nombre completo" />
        <TextField
          label="Correo electrónico"
          {...bind('email')}
          type="email"
          autoComplete="off"
          required
          placeholder="nombre@ejemplo.gob.mx"
        />
        <TextField
          label={mode === 'create' ? 'Contraseña' : 'Nueva contraseña (opcional)'}
          {...bind('password')}
          {...PASSWORD_INPUT[mode]}
          placeholder={mode === 'create' ? 'Mínimo 8 caracteres' : 'Déjala en blanco para no cambiarla'}
        />
        <TextField
          label={mode === 'create' ? 'Confirmar contraseña' : 'Confirmar nueva contraseña'}
          {...bind('password_confirmation')}
          {...PASSWORD_INPUT[mode]}
          placeholder={mode === 'create' ? 'Repite la contraseña' : 'Repite la nueva contraseña'}
        />
      </div>

      <label className="checkbox checkbox--card" htmlFor={id('is_super_admin')}>
        <input
          id={id('is_super_admin')}
          type="checkbox"
          checked={value.is_super_admin}
          onChange={(e) => set('is_super_admin', e.target.checked)}
        />
        <span>
          <strong>Super Administrador</strong>
          <span className="checkbox__hint">Acceso total, incluida la gestión de usuarios.</span>
        </span>
      </label>
      <FieldError id={id('is_super_admin-error')} messages={errorsFor(errors, 'is_super_admin')} />

      <div className="perm-fieldsets">
        {FORM_AREAS.map((area) => (
          <fieldset key={area} className="perm-fieldset" data-testid={`${idPrefix}-perms-${area}`}>
            <legend className="perm-fieldset__legend">{AREA_LABELS[area]}</legend>
            <div className="perm-fieldset__options">
              {ACTIONS.map((action) => (
                <label key={action} className="checkbox checkbox--pill">
                  <input
                    type="checkbox"
                    name={`${area}.${action}`}
                    checked={value.permissions[area].includes(action)}
                    onChange={(e) => toggle(area, action, e.target.checked)}
                  />
                  <span>{ACTION_LABELS[action]}</span>
                </label>
              ))}
            </div>
            <FieldError id={id(`${area}-error`)} messages={areaErrors(errors, area)} />
          </fieldset>
        ))}
      </div>
      {others.length > 0 ? (
        <ul className="field__error-list">
          {others.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
