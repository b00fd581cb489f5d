import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { REGISTRATION_LIMITS, TIPOS_PARTICIPANTE, type TipoParticipante } from '@shared/contracts/external-events.contract';
import { BIRTH_DATE_MESSAGES, birthDateProblem } from '@shared/rules/birth-date';
import { errorMessage, fieldErrors, type FieldErrors } from '../../../lib/api-client';
import { PHONE_DIGITS } from '../../../lib/constants';
import { todayInputValue } from '../../../lib/format';
import { registerForEvent, type PublicRegistrationPayload } from '../api/register-for-event';
import { UppercaseInput } from '../../../components/ui/uppercase-input';
import { Field, fieldAria } from '../../../components/ui/field';

const REGISTRATION_FALLBACK_ERROR = 'Ocurrió un error al procesar tu registro. Por favor intenta nuevamente.';

interface RegistrationFormValue {
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string;
  fecha_nacimiento: string;
  phone: string;
  email: string;
  empresa: string;
  tipo_participante: TipoParticipante | '';
}

const EMPTY_FORM: RegistrationFormValue = {
  nombre: '',
  apellido_paterno: '',
  apellido_materno: '',
  fecha_nacimiento: '',
  phone: '',
  email: '',
  empresa: '',
  tipo_participante: '',
};

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The rules of spec 1 §5, checked before sending (the server checks them again). */
function validate(value: RegistrationFormValue, today: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!value.nombre.trim()) errors.nombre = ['El nombre es obligatorio.'];
  if (!value.apellido_paterno.trim()) errors.apellido_paterno = ['El apellido paterno es obligatorio.'];
  if (!value.apellido_materno.trim()) errors.apellido_materno = ['El apellido materno es obligatorio.'];
  if (!value.fecha_nacimiento) errors.fecha_nacimiento = ['La fecha de nacimiento es obligatoria.'];
  else {
    const problem = birthDateProblem(value.fecha_nacimiento, today);
    if (problem) errors.fecha_nacimiento = [BIRTH_DATE_MESSAGES[problem]];
  }
  if (!value.phone) errors.phone = ['El teléfono es obligatorio.'];
  else if (!new RegExp(`^\\d{${PHONE_DIGITS}}$`).test(value.phone)) errors.phone = ['El teléfono debe tener exactamente 10 dígitos.'];
  if (!value.email.trim()) errors.email = ['El correo electrónico es obligatorio.'];
  else if (!EMAIL_PATTERN.test(value.email.trim())) errors.email = ['Ingresa un correo electrónico válido.'];
  if (!value.tipo_participante) errors.tipo_participante = ['Selecciona el tipo de participante.'];
  return errors;
}

function toPayload(value: RegistrationFormValue): PublicRegistrationPayload {
  const payload: PublicRegistrationPayload = {
    nombre: value.nombre.trim().toUpperCase(),
    apellido_paterno: value.apellido_paterno.trim().toUpperCase(),
    apellido_materno: value.apellido_materno.trim().toUpperCase(),
    fecha_nacimiento: value.fecha_nacimiento,
    phone: value.phone,
    email: value.email.trim().toUpperCase(),
    tipo_participante: value.tipo_participante as TipoParticipante,
  };
  const empresa = value.empresa.trim().toUpperCase();
  if (empresa) payload.empresa = empresa;
  return payload;
}

/**
 * The public registration form (spec 1 §5): names, e-mail and company in uppercase as typed, a
 * 10-digit phone, a birth date not in the future, the participant type. On success the parent shows
 * '¡Registro Exitoso!'; a refusal shows the 'Error en el Registro' panel with the server's message.
 */
export function RegistrationForm({ slug, onRegistered }: { slug: string; onRegistered: (message: string, name: string) => void }) {
  const [value, setValue] = useState<RegistrationFormValue>(EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const failureRef = useRef<HTMLDivElement>(null);
  const today = todayInputValue();

  // A refusal moves focus to its panel (role=alert, above the fields): keyboard and screen-reader users
  // land on the outcome instead of <body>, and it is scrolled into view.
  useEffect(() => {
    if (!failure || !failureRef.current) return;
    failureRef.current.focus({ preventScroll: true });
    failureRef.current.scrollIntoView({ block: 'center' });
  }, [failure]);

  const set = <K extends keyof RegistrationFormValue>(key: K, v: RegistrationFormValue[K]) => setValue((prev) => ({ ...prev, [key]: v }));
  const inputClass = (key: string) => (errors[key]?.length ? 'input input--invalid' : 'input');
  const a11y = (key: string, hint = false) => fieldAria(`reg-${key}`, errors[key], { hint });

  const handleSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const problems = validate(value, todayInputValue());
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      setFailure(null);
      const first = Object.keys(problems)[0];
      document.getElementById(`reg-${first}`)?.focus();
      return;
    }
    setSubmitting(true);
    setErrors({});
    setFailure(null);
    try {
      const response = await registerForEvent(slug, toPayload(value));
      onRegistered(response.message ?? '', value.nombre.trim());
    } catch (error) {
      setErrors(fieldErrors(error));
      setFailure(errorMessage(error, REGISTRATION_FALLBACK_ERROR));
      setSubmitting(false);
    }
  };

  return (
    <form className="registration-form" onSubmit={handleSubmit} noValidate data-testid="registration-form">
      {failure ? (
        <div className="result-panel result-panel--error" role="alert" tabIndex={-1} ref={failureRef} data-testid="registration-error">
          <h3 className="result-panel__title">Error en el Registro</h3>
          <p>{failure}</p>
        </div>
      ) : null}
      <Field id="reg-nombre" label="Nombre(s)" errors={errors.nombre}>
        <UppercaseInput
          id="reg-nombre"
          className={inputClass('nombre')}
          value={value.nombre}
          onValueChange={(v) => set('nombre', v)}
          autoComplete="given-name"
          autoCapitalize="characters"
          required
          maxLength={REGISTRATION_LIMITS.name}
          {...a11y('nombre')}
        />
      </Field>
      <div className="form-grid">
        <Field id="reg-apellido_paterno" label="Apellido paterno" errors={errors.apellido_paterno}>
          <UppercaseInput
            id="reg-apellido_paterno"
            className={inputClass('apellido_paterno')}
            value={value.apellido_paterno}
            onValueChange={(v) => set('apellido_paterno', v)}
            autoComplete="family-name"
            autoCapitalize="characters"
            required
            maxLength={REGISTRATION_LIMITS.name}
            {...a11y('apellido_paterno')}
          />
        </Field>
        <Field id="reg-apellido_materno" label="Apellido materno" errors={errors.apellido_materno}>
          <UppercaseInput
            id="reg-apellido_materno"
            className={inputClass('apellido_materno')}
            value={value.apellido_materno}
            onValueChange={(v) => set('apellido_materno', v)}
            autoComplete="additional-name"
            autoCapitalize="characters"
            required
            maxLength={REGISTRATION_LIMITS.name}
            {...a11y('apellido_materno')}
          />
        </Field>
      </div>
      <div className="form-grid">
        <Field id="reg-fecha_nacimiento" label="Fecha de nacimiento" errors={errors.fecha_nacimiento}>
          <input
            id="reg-fecha_nacimiento"
            className={inputClass('fecha_nacimiento')}
            type="date"
            value={value.fecha_nacimiento}
            max={today}
            onChange={(e) => set('fecha_nacimiento', e.target.value)}
            autoComplete="bday"
            required
            {...a11y('fecha_nacimiento')}
          />
        </Field>
        <Field id="reg-phone" label="Teléfono" errors={errors.phone} hint="10 dígitos, sin espacios.">
          <input
            id="reg-phone"
            className={inputClass('phone')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            pattern="[0-9]{10}"
            maxLength={PHONE_DIGITS}
            value={value.phone}
            onChange={(e) => set('phone', e.target.value.replace(/\D/g, '').slice(0, PHONE_DIGITS))}
            required
            {...a11y('phone', true)}
          />
        </Field>
      </div>
      <Field id="reg-email" label="Correo electrónico" errors={errors.email}>
        <UppercaseInput
          id="reg-email"
          className={inputClass('email')}
          inputMode="email"
          autoComplete="email"
          autoCapitalize="characters"
          spellCheck={false}
          value={value.email}
          onValueChange={(v) => set('email', v)}
          required
          maxLength={REGISTRATION_LIMITS.email}
          {...a11y('email')}
        />
      </Field>
      <Field id="reg-empresa" label="Empresa (opcional)" errors={errors.empresa}>
        <UppercaseInput
          id="reg-empresa"
          className={inputClass('empresa')}
          value={value.empresa}
          onValueChange={(v) => set('empresa', v)}
          autoComplete="organization"
          autoCapitalize="characters"
          maxLength={REGISTRATION_LIMITS.empresa}
          {...a11y('empresa')}
        />
      </Field>
      <Field id="reg-tipo_participante" label="Tipo de participante" errors={errors.tipo_participante}>
        <select
          id="reg-tipo_participante"
          className={`${inputClass('tipo_participante')} select`}
          value={value.tipo_participante}
          onChange={(e) => set('tipo_participante', e.target.value as TipoParticipante | '')}
          required
          {...a11y('tipo_participante')}
        >
          <option value="">Selecciona una opción</option>
          {TIPOS_PARTICIPANTE.map((tipo) => (
            <option key={tipo} value={tipo}>
              {tipo}
            </option>
          ))}
        </select>
      </Field>
      <p className="registration-form__privacy">
        Al registrarte aceptas el{' '}
        <Link to="/aviso-de-privacidad" target="_blank" rel="noopener" data-testid="privacy-link">
          aviso de privacidad
        </Link>
        .
      </p>
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={submitting} data-testid="registration-submit">
        {submitting ? 'Enviando registro…' : 'Registrarme'}
      </button>
    </form>
  );
}
