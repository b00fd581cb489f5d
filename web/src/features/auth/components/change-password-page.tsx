import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { fieldBinder, TextField } from '../../../components/ui/field';
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

/** One password input of this form (required; shown as text while 'Mostrar contraseñas' is ticked). */
function PasswordField({ shown, ...props }: Omit<Parameters<typeof TextField>[0], 'type'> & { shown: boolean }) {
  return <TextField {...props} type={shown ? 'text' : 'password'} required data-testid={props.id} />;
}

/**
 * 'Cambia tu contraseña': shown instead of every staff screen while the account's password is the
 * generated one (app/guards.tsx). Once changed, the screen that was asked for opens.
 */
export function ChangePasswordPage() {
  useDocumentTitle('Cambia tu contraseña');
  const { user } = useSession();
  const [values, setValues] = useState({ current_password: '', password: '', password_confirmation: '' });
  const [shown, setShown] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { errors, submitting, submit } = useFormSubmit();
  const bind = fieldBinder('password-change-', values, errors, (key, v) => setValues((s) => ({ ...s, [key]: v })));
  const { current_password: current, password, password_confirmation: confirmation } = values;

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
        const message = await changePassword(values);
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

        <PasswordField label="Contraseña actual" {...bind('current_password')} autoComplete="current-password" shown={shown} />
        <PasswordField
          label="Nueva contraseña"
          {...bind('password')}
          autoComplete="new-password"
          shown={shown}
          hint={`Mínimo ${MIN_LENGTH} caracteres.`}
        />
        <PasswordField label="Confirma la nueva contraseña" {...bind('password_confirmation')} autoComplete="new-password" shown={shown} />

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
