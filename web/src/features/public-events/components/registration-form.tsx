import { useState, type FormEvent } from 'react';
import {
  REGISTRATION_LIMITS,
  TIPOS_PARTICIPANTE,
  type PublicRegistrationInput,
  type TipoParticipante,
} from '@shared/contracts/external-events.contract';
import { errorMessage, type FieldErrors } from '../../../lib/api-client';
import { EMPTY_PERSON, personProblems } from '../../../lib/person-rules';
import { todayInputValue } from '../../../lib/format';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useNoticeVersion } from '../../../lib/notice-version';
import { joinWaitlist, registerForEvent } from '../api/register-for-event';
import { fieldBinder, Options, PhoneField, SelectField, TextField, UppercaseField } from '../../../components/ui/field';
import { FormFailure, PublicFormSubmit } from '../../../components/ui/public-form';

const REGISTRATION_FALLBACK_ERROR = 'Ocurrió un error al procesar tu registro. Por favor intenta nuevamente.';

/** The form's state: every field of the registration, '' while it is empty. */
type RegistrationFormValue = { [K in keyof PublicRegistrationInput]-?: NonNullable<PublicRegistrationInput[K]> | '' };

const EMPTY_FORM: RegistrationFormValue = {
  ...EMPTY_PERSON,
  phone: '',
  email: '',
  empresa: '',
  tipo_participante: '',
};

/** Names: required, uppercase as typed. */
const NAME_INPUT = { autoCapitalize: 'characters', required: true, maxLength: REGISTRATION_LIMITS.name } as const;

/** The rules of spec 1 §5, checked before sending (the server checks them again). */
function validate(value: RegistrationFormValue, today: string): FieldErrors {
  const errors = personProblems(
    value,
    today,
    { field: 'phone', value: value.phone, missing: 'El teléfono es obligatorio.', wrong: 'El teléfono debe tener exactamente 10 dígitos.' },
    { field: 'email', value: value.email, wrong: 'Ingresa un correo electrónico válido.' },
  );
  if (!value.tipo_participante) errors.tipo_participante = ['Selecciona el tipo de participante.'];
  return errors;
}

function toPayload(value: RegistrationFormValue): PublicRegistrationInput {
  const payload: PublicRegistrationInput = {
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
export function RegistrationForm({
  slug,
  onRegistered,
  waitlist = false,
}: {
  slug: string;
  onRegistered: (message: string, name: string) => void;
  /** The same form and rules, sent to the event's waitlist instead (the event is full). */
  waitlist?: boolean;
}) {
  const [value, setValue] = useState<RegistrationFormValue>(EMPTY_FORM);
  const { errors, submitting, submit } = useFormSubmit();
  const avisoVersion = useNoticeVersion();
  const [failure, setFailure] = useState<string | null>(null);
  const today = todayInputValue();

  const set = <K extends keyof RegistrationFormValue>(key: K, v: RegistrationFormValue[K]) => setValue((prev) => ({ ...prev, [key]: v }));
  const bind = fieldBinder('reg-', value, errors, set);

  const handleSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFailure(null);
    await submit({
      problems: validate(value, todayInputValue()),
      focusPrefix: 'reg-',
      send: async () => {
        const response = await (waitlist ? joinWaitlist : registerForEvent)(slug, { ...toPayload(value), aviso_version: avisoVersion });
        onRegistered(response.message ?? '', value.nombre.trim());
      },
      refused: (error) => setFailure(errorMessage(error, REGISTRATION_FALLBACK_ERROR)),
    });
  };

  return (
    <form className="registration-form" onSubmit={handleSubmit} noValidate data-testid={waitlist ? 'waitlist-form' : 'registration-form'}>
      <FormFailure message={failure} testId="registration-error" />
      <UppercaseField label="Nombre(s)" {...bind('nombre')} {...NAME_INPUT} autoComplete="given-name" />
      <div className="form-grid">
        <UppercaseField label="Apellido paterno" {...bind('apellido_paterno')} {...NAME_INPUT} autoComplete="family-name" />
        <UppercaseField label="Apellido materno" {...bind('apellido_materno')} {...NAME_INPUT} autoComplete="additional-name" />
      </div>
      <div className="form-grid">
        <TextField label="Fecha de nacimiento" {...bind('fecha_nacimiento')} type="date" max={today} autoComplete="bday" required />
        <PhoneField label="Teléfono" {...bind('phone')} required />
      </div>
      <UppercaseField
        label="Correo electrónico"
        {...bind('email')}
        inputMode="email"
        autoComplete="email"
        autoCapitalize="characters"
        spellCheck={false}
        required
        maxLength={REGISTRATION_LIMITS.email}
      />
      <UppercaseField
        label="Empresa (opcional)"
        {...bind('empresa')}
        autoComplete="organization"
        autoCapitalize="characters"
        maxLength={REGISTRATION_LIMITS.empresa}
      />
      <SelectField label="Tipo de participante" {...bind('tipo_participante')} required>
        <Options values={TIPOS_PARTICIPANTE} placeholder="Selecciona una opción" />
      </SelectField>
      <PublicFormSubmit avisoVersion={avisoVersion} disabled={submitting} testId={waitlist ? 'waitlist-submit' : 'registration-submit'}>
        {waitlist ? (submitting ? 'Enviando…' : 'Unirme a la lista de espera') : submitting ? 'Enviando registro…' : 'Registrarme'}
      </PublicFormSubmit>
    </form>
  );
}
