import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { errorMessage, type FieldErrors } from '../../../lib/api-client';
import { changePassword, logout, useSession } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/config';
import { toast } from '../../../lib/toast';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { AuthFormHeading, AuthFrame, AuthSubmit } from './auth-frame';
import '../auth.css';
import { Button } from '../../../components/ui/button';

const MIN_LENGTH = 8;
const FALLBACK_ERROR = 'No se pudo cambiar la contraseña. Intenta de nuevo.';

/** One password input with its label, hint and errors (the three of this form). */
function PasswordField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  shown: boolean;
  errors?: string[];
  hint?: string;
}) {
  const { id, label, value, onChange, autoComplete, shown, errors, hint } = props;
  const described = [hint ? `${id}-hint` : '', errors?.length ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        type={shown ? 'text' : 'password'}
        className={`input ${errors?.length ? 'input--invalid' : ''}`}
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={described}
        required
        data-testid={id}
      />
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p className="field__error" id={`${id}-error`}>
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}

/**
 * 'Cambia tu contraseña': shown instead of every staff screen while the account's password is the
 * generated one (app/guards.tsx). Once changed, the screen that was asked for opens.
 */
export function ChangePasswordPage() {
  useDocumentTitle('Cambia tu contraseña');
  const { user } = useSession();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [shown, setShown] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { errors, submitting, submit } = useFormSubmit();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems: FieldErrors = {};
    if (!current) problems.current_password = ['La contraseña actual es obligatoria.'];
    if (password.length < MIN_LENGTH) problems.password = [`La contraseña debe tener al menos ${MIN_LENGTH} caracteres.`];
    else if (password === current) problems.password = ['La nueva contraseña debe ser distinta de la actual.'];
    if (confirmation !== password) problems.password_confirmation = ['Las contraseñas no coinciden.'];
    await submit({
      problems,
      focusPrefix: 'password-change-',
      send: async () => {
        setError(null);
        const message = await changePassword({ current_password: current, password, password_confirmation: confirmation });
        toast.success(message);
      },
      refused: (err) => setError(errorMessage(err, FALLBACK_ERROR)),
    });
  };

  return (
    <AuthFrame main footnote="Hasta cambiarla, Aforo no muestra ninguna otra pantalla.">
      <form className="login-form" onSubmit={(e) => void handleSubmit(e)} noValidate data-testid="password-change-form">
        <AuthFormHeading title="Cambia tu contraseña">
          {user ? (
            <>
              Entraste como <strong>{user.email}</strong> con la contraseña inicial que Aforo generó al instalarse.{' '}
            </>
          ) : null}
          Elige una nueva para continuar: la inicial dejará de servir.
        </AuthFormHeading>

        {error ? (
          <Alert kind="error" testId="password-change-error">
            {error}
          </Alert>
        ) : null}

        <PasswordField
          id="password-change-current_password"
          label="Contraseña actual"
          value={current}
          onChange={setCurrent}
          autoComplete="current-password"
          shown={shown}
          errors={errors.current_password}
        />
        <PasswordField
          id="password-change-password"
          label="Nueva contraseña"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          shown={shown}
          errors={errors.password}
          hint={`Mínimo ${MIN_LENGTH} caracteres.`}
        />
        <PasswordField
          id="password-change-password_confirmation"
          label="Confirma la nueva contraseña"
          value={confirmation}
          onChange={setConfirmation}
          autoComplete="new-password"
          shown={shown}
          errors={errors.password_confirmation}
        />

        <label className="checkbox">
          <input type="checkbox" checked={shown} onChange={(e) => setShown(e.target.checked)} data-testid="password-change-show" />
          <span>Mostrar contraseñas</span>
        </label>

        <AuthSubmit busy={submitting} busyLabel="Guardando…" label="Cambiar contraseña" testId="password-change-submit" />
        <Button variant="ghost" block onClick={() => void logout()} data-testid="password-change-logout">
          Cerrar sesión
        </Button>
      </form>
    </AuthFrame>
  );
}
