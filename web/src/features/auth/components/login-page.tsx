import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { controlClass, Field, fieldAria, TextField } from '../../../components/ui/field';
import { SkeletonLine } from '../../../components/ui/spinner';
import { errorMessage, type FieldErrors } from '../../../lib/api-client';
import { login } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/config';
import { LOGIN_SKELETON_MS } from '../../../lib/constants';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { AuthFormHeading, AuthFrame, AuthSubmit } from './auth-frame';
import '../auth.css';

const LOGIN_FALLBACK_ERROR = 'Error al iniciar sesión. Por favor intenta de nuevo.';

function LoginSkeleton() {
  return (
    <div className="login-card__skeleton" data-testid="login-skeleton" aria-busy="true" aria-label="Cargando">
      <SkeletonLine width="55%" height="1.6rem" />
      <SkeletonLine width="80%" />
      <SkeletonLine width="35%" height="0.8rem" />
      <SkeletonLine height="2.6rem" />
      <SkeletonLine width="35%" height="0.8rem" />
      <SkeletonLine height="2.6rem" />
      <SkeletonLine width="40%" />
      <SkeletonLine height="2.8rem" />
    </div>
  );
}

/** Sign-in (spec 1 §2.3). */
export function LoginPage() {
  useDocumentTitle('Iniciar Sesión');
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [remember, setRemember] = useState(false);
  const { errors, submitting, submit } = useFormSubmit();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true), LOGIN_SKELETON_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems: FieldErrors = {};
    if (!email.trim()) problems.email = ['El correo electrónico es obligatorio.'];
    if (!password) problems.password = ['La contraseña es obligatoria.'];
    await submit({
      problems,
      focusPrefix: 'login-',
      send: async () => {
        setError(null);
        await login({ email: email.trim(), password });
        navigate('/dashboard', { replace: true });
      },
      refused: (err) => setError(errorMessage(err, LOGIN_FALLBACK_ERROR)),
    });
  };

  return (
    <AuthFrame footnote="El acceso está restringido al personal autorizado.">
      {!ready ? (
        <LoginSkeleton />
      ) : (
        <form className="login-form" onSubmit={(e) => void handleSubmit(e)} noValidate data-testid="login-form">
          <AuthFormHeading title="Iniciar Sesión">Ingresa tus credenciales para acceder al panel.</AuthFormHeading>

          {error ? (
            <Alert kind="error" testId="login-error">
              {error}
            </Alert>
          ) : null}

          <TextField
            id="login-email"
            label="Correo electrónico"
            errors={errors.email}
            name="email"
            type="email"
            autoComplete="email"
            placeholder="nombre@ejemplo.gob.mx"
            value={email}
            onValueChange={setEmail}
            required
            data-testid="login-email"
          />

          <Field id="login-password" label="Contraseña" errors={errors.password}>
            <div className="input-group">
              <input
                id="login-password"
                name="password"
                type={showPassword ? 'text' : 'password'}
                className={controlClass(errors.password)}
                {...fieldAria('login-password', errors.password)}
                autoComplete="current-password"
                placeholder="••••••••"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                required
                data-testid="login-password"
              />
              <button
                type="button"
                className="input-group__toggle"
                onClick={() => setShowPassword((v) => !v)}
                aria-pressed={showPassword}
                aria-label={showPassword ? 'Ocultar contraseña' : 'Mostrar contraseña'}
                data-testid="toggle-password"
              >
                {showPassword ? 'Ocultar' : 'Mostrar'}
              </button>
            </div>
          </Field>

          <label className="checkbox">
            <input type="checkbox" name="remember" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            <span>Recordarme</span>
          </label>

          <AuthSubmit busy={submitting} busyLabel="Iniciando sesión…" label="Iniciar Sesión" testId="login-submit" />
        </form>
      )}
    </AuthFrame>
  );
}
