import { useState, type FormEvent } from 'react';
import {
  GIRO_SECTOR_LABELS,
  GIROS_SECTOR,
  PROGRAM_REGISTRATION_LIMITS as LIMITS,
  TIEMPO_OPERANDO_LABELS,
  TIEMPOS_OPERANDO,
  type GiroSector,
  type ProgramApplicationInput,
  type SiNo,
  type TiempoOperando,
} from '@shared/contracts/programs.contract';
import { ApiError, errorMessage, type FieldErrors } from '../../../lib/api-client';
import { EMAIL_PATTERN, EMPTY_PERSON, personProblems } from '../../../lib/person-rules';
import { todayInputValue } from '../../../lib/format';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { checkEmail } from '../api/check-email';
import { useNoticeVersion } from '../../../lib/notice-version';
import { joinProgramWaitlist, registerForProgram } from '../api/register-for-program';
import { controlClass, fieldBinder, Options, PhoneField, SelectField, TextField, UppercaseField } from '../../../components/ui/field';
import { FieldError } from '../../../components/ui/field-error';
import { FormFailure, PublicFormSubmit } from '../../../components/ui/public-form';

const FALLBACK_ERROR = 'Ocurrió un error al enviar tu registro. Por favor, intenta nuevamente.';
/** Spec 3 §5: shown under the e-mail after the check, and when a submit is blocked. */
export const EMAIL_TAKEN_ON_BLUR = 'Ya existe un registro con este correo para este programa';
export const EMAIL_TAKEN_ON_SUBMIT = 'Ya existe un registro con este correo electrónico';

/** The form's state: every answer of the application, '' while it is not given. */
type FormValue = { [K in keyof ProgramApplicationInput]-?: NonNullable<ProgramApplicationInput[K]> | '' };

const EMPTY: FormValue = {
  ...EMPTY_PERSON,
  celular: '',
  correo_electronico: '',
  calle: '',
  numero: '',
  colonia: '',
  municipio: '',
  tiene_emprendimiento: '',
  nombre_emprendimiento: '',
  giro_sector: '',
  giro_sector_otro: '',
  tiempo_operando: '',
  tiene_redes_sociales: '',
  redes_sociales_enlace: '',
  negocio_formalizado: '',
  rfc: '',
};

function isUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** The rules of spec 3 §5, in the server's words (the server checks them again). */
function validate(v: FormValue, today: string): FieldErrors {
  const e = personProblems(
    v,
    today,
    { field: 'celular', value: v.celular, missing: 'El celular es obligatorio.', wrong: 'El celular debe tener 10 dígitos.' },
    { field: 'correo_electronico', value: v.correo_electronico, wrong: 'El correo electrónico no es válido.' },
  );
  const required = (key: keyof FormValue, message: string) => {
    if (!String(v[key]).trim()) e[key] = [message];
  };
  required('calle', 'La calle es obligatoria.');
  required('numero', 'El número es obligatorio.');
  required('colonia', 'La colonia es obligatoria.');
  required('municipio', 'El municipio es obligatorio.');
  if (!v.tiene_emprendimiento) e.tiene_emprendimiento = ['Indica si tienes un emprendimiento.'];
  if (v.tiene_emprendimiento === 'si') {
    required('nombre_emprendimiento', 'El nombre del emprendimiento es obligatorio.');
    if (!v.giro_sector) e.giro_sector = ['El giro o sector es obligatorio.'];
    else if (v.giro_sector === 'otro') required('giro_sector_otro', 'Especifica el giro o sector.');
    if (!v.tiempo_operando) e.tiempo_operando = ['El tiempo operando es obligatorio.'];
    if (!v.tiene_redes_sociales) e.tiene_redes_sociales = ['Indica si tu emprendimiento tiene redes sociales.'];
    else if (v.tiene_redes_sociales === 'si' && v.redes_sociales_enlace.trim() && !isUrl(v.redes_sociales_enlace.trim())) {
      e.redes_sociales_enlace = ['El enlace de redes sociales debe ser una URL válida (por ejemplo https://facebook.com/minegocio).'];
    }
    if (!v.negocio_formalizado) e.negocio_formalizado = ['Indica si tu negocio está formalizado.'];
    else if (v.negocio_formalizado === 'si' && v.rfc && !/^[A-ZÑ&0-9]+$/.test(v.rfc.trim())) {
      e.rfc = ['El RFC solo puede contener letras y números.'];
    }
  }
  return e;
}

function toPayload(v: FormValue): ProgramApplicationInput {
  const payload: ProgramApplicationInput = {
    nombre: v.nombre.trim(),
    apellido_paterno: v.apellido_paterno.trim(),
    apellido_materno: v.apellido_materno.trim(),
    fecha_nacimiento: v.fecha_nacimiento,
    celular: v.celular,
    correo_electronico: v.correo_electronico.trim().toUpperCase(),
    calle: v.calle.trim(),
    numero: v.numero.trim(),
    colonia: v.colonia.trim(),
    municipio: v.municipio.trim(),
    tiene_emprendimiento: v.tiene_emprendimiento as SiNo,
  };
  if (v.tiene_emprendimiento === 'si') {
    payload.nombre_emprendimiento = v.nombre_emprendimiento.trim();
    payload.giro_sector = v.giro_sector as GiroSector;
    if (v.giro_sector === 'otro') payload.giro_sector_otro = v.giro_sector_otro.trim();
    payload.tiempo_operando = v.tiempo_operando as TiempoOperando;
    payload.tiene_redes_sociales = v.tiene_redes_sociales as SiNo;
    if (v.tiene_redes_sociales === 'si' && v.redes_sociales_enlace.trim()) payload.redes_sociales_enlace = v.redes_sociales_enlace.trim();
    payload.negocio_formalizado = v.negocio_formalizado as SiNo;
    if (v.negocio_formalizado === 'si' && v.rfc.trim()) payload.rfc = v.rfc.trim().toUpperCase();
  }
  return payload;
}

/** A sí/no question as two radio buttons (arrow keys move between them); `id` is `prog-${name}`. */
function YesNo({
  id,
  legend,
  value,
  errors,
  onValueChange,
}: {
  id: string;
  legend: string;
  value: SiNo | '';
  errors?: readonly string[];
  onValueChange: (v: SiNo) => void;
}) {
  const name = id.slice('prog-'.length);
  return (
    <fieldset
      className="field yes-no"
      aria-describedby={errors?.length ? `${id}-error` : undefined}
      aria-invalid={errors?.length ? true : undefined}
      data-testid={id}
    >
      <legend className="field__label">{legend}</legend>
      <div className="yes-no__options">
        {(['si', 'no'] as const).map((option) => (
          <label key={option} className="yes-no__option">
            <input
              type="radio"
              id={`${id}-${option}`}
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onValueChange(option)}
            />
            {option === 'si' ? 'Sí' : 'No'}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} messages={errors} />
    </fieldset>
  );
}

/**
 * 'Formulario de Registro' (spec 3 §2.7, §5): Datos Personales, Dirección, Información del
 * Emprendimiento, with the business questions shown only when they apply. The e-mail is checked when
 * it loses focus; a known duplicate disables the submit.
 */
export function ProgramApplicationForm({
  slug,
  onRegistered,
  waitlist = false,
}: {
  slug: string;
  /** Called with the first name once the server accepted the application (or the waitlist join, to be confirmed by mail). */
  onRegistered: (name: string) => void;
  /** The same form and rules, sent to the program's waitlist instead (the program is full). */
  waitlist?: boolean;
}) {
  const [value, setValue] = useState<FormValue>(EMPTY);
  const { errors, submitting, submit } = useFormSubmit();
  const avisoVersion = useNoticeVersion();
  const [failure, setFailure] = useState<string | null>(null);
  /** The e-mail (normalized) last checked, and whether it is taken. */
  const [emailCheck, setEmailCheck] = useState<{ email: string; exists: boolean } | null>(null);
  const today = todayInputValue();
  const normalizedEmail = value.correo_electronico.trim().toUpperCase();
  const emailTaken = emailCheck !== null && emailCheck.exists && emailCheck.email === normalizedEmail;

  const set = <K extends keyof FormValue>(key: K, v: FormValue[K]) => setValue((prev) => ({ ...prev, [key]: v }));
  const bind = fieldBinder('prog-', value, errors, set);

  /** Asks the server whether the e-mail is already registered here; a failure (limit, network) says nothing. */
  const runEmailCheck = async (email: string): Promise<boolean> => {
    if (!EMAIL_PATTERN.test(email)) return false;
    if (emailCheck?.email === email) return emailCheck.exists;
    try {
      const { exists } = await checkEmail(slug, email);
      setEmailCheck({ email, exists });
      return exists;
    } catch {
      return false;
    }
  };

  const handleSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFailure(null);
    await submit({
      problems: validate(value, todayInputValue()),
      focusPrefix: 'prog-',
      // A submit with a registered e-mail is blocked (the check runs now if the field never lost focus).
      beforeSend: async () => {
        if (!emailTaken && !(await runEmailCheck(normalizedEmail))) return true;
        setFailure(EMAIL_TAKEN_ON_SUBMIT);
        return false;
      },
      send: async () => {
        await (waitlist ? joinProgramWaitlist : registerForProgram)(slug, { ...toPayload(value), aviso_version: avisoVersion });
        onRegistered(value.nombre.trim());
      },
      refused: (error) => {
        if (error instanceof ApiError && error.status === 409 && error.serverMessage === EMAIL_TAKEN_ON_BLUR) {
          setEmailCheck({ email: normalizedEmail, exists: true });
          setFailure(EMAIL_TAKEN_ON_SUBMIT);
        } else {
          setFailure(errorMessage(error, FALLBACK_ERROR));
        }
      },
    });
  };

  const business = value.tiene_emprendimiento === 'si';

  return (
    <form
      className="program-form"
      onSubmit={(e) => void handleSubmit(e)}
      noValidate
      data-testid={waitlist ? 'program-waitlist-form' : 'program-application-form'}
      aria-labelledby="form-title"
    >
      <h2 className="card__title" id="form-title">
        {waitlist ? 'Lista de Espera' : 'Formulario de Registro'}
      </h2>
      <FormFailure message={failure} testId="application-error" />

      <fieldset className="form-section program-form__section">
        <legend className="form-section__legend">Datos Personales</legend>
        <TextField label="Nombre(s)" {...bind('nombre')} autoComplete="given-name" required maxLength={LIMITS.text} />
        <div className="form-grid">
          <TextField label="Apellido paterno" {...bind('apellido_paterno')} autoComplete="family-name" required maxLength={LIMITS.text} />
          <TextField
            label="Apellido materno"
            {...bind('apellido_materno')}
            autoComplete="additional-name"
            required
            maxLength={LIMITS.text}
          />
        </div>
        <div className="form-grid">
          <TextField
            label="Fecha de nacimiento"
            {...bind('fecha_nacimiento')}
            type="date"
            max={today}
            min="1900-01-01"
            autoComplete="bday"
            required
          />
          <PhoneField label="Celular" {...bind('celular')} required />
        </div>
        <UppercaseField
          label="Correo electrónico"
          {...bind('correo_electronico')}
          describedBy={emailTaken ? 'prog-email-taken' : undefined}
          className={emailTaken ? 'input input--invalid' : controlClass(errors.correo_electronico)}
          inputMode="email"
          autoComplete="email"
          autoCapitalize="characters"
          spellCheck={false}
          onBlur={() => void runEmailCheck(normalizedEmail)}
          required
          maxLength={LIMITS.email}
          aria-invalid={emailTaken || errors.correo_electronico?.length ? true : undefined}
        />
        {emailTaken ? (
          <p className="field__error program-form__taken" id="prog-email-taken" role="alert" data-testid="email-taken">
            {EMAIL_TAKEN_ON_BLUR}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="form-section program-form__section">
        <legend className="form-section__legend">Dirección</legend>
        <div className="form-grid">
          <TextField label="Calle" {...bind('calle')} autoComplete="address-line1" required maxLength={LIMITS.text} />
          <TextField label="Número" {...bind('numero')} required maxLength={LIMITS.numero} />
          <TextField label="Colonia" {...bind('colonia')} required maxLength={LIMITS.text} />
          <TextField label="Municipio" {...bind('municipio')} autoComplete="address-level2" required maxLength={LIMITS.text} />
        </div>
      </fieldset>

      <fieldset className="form-section program-form__section">
        <legend className="form-section__legend">Información del Emprendimiento</legend>
        <YesNo legend="¿Tienes un emprendimiento o negocio?" {...bind('tiene_emprendimiento')} />
        {business ? (
          <div className="program-form__business" data-testid="business-fields">
            <TextField
              label="Nombre del emprendimiento"
              {...bind('nombre_emprendimiento')}
              autoComplete="organization"
              required
              maxLength={LIMITS.text}
            />
            <div className="form-grid">
              <SelectField label="Giro o sector" {...bind('giro_sector')} required>
                <Options values={GIROS_SECTOR} labels={GIRO_SECTOR_LABELS} placeholder="Selecciona una opción" />
              </SelectField>
              <SelectField label="Tiempo operando" {...bind('tiempo_operando')} required>
                <Options values={TIEMPOS_OPERANDO} labels={TIEMPO_OPERANDO_LABELS} placeholder="Selecciona una opción" />
              </SelectField>
            </div>
            {value.giro_sector === 'otro' ? (
              <TextField label="Especifica el giro o sector" {...bind('giro_sector_otro')} required maxLength={LIMITS.text} />
            ) : null}
            <YesNo legend="¿Tu emprendimiento tiene redes sociales?" {...bind('tiene_redes_sociales')} />
            {value.tiene_redes_sociales === 'si' ? (
              <TextField
                label="Enlace a tus redes sociales (opcional)"
                hint="Por ejemplo https://facebook.com/minegocio"
                {...bind('redes_sociales_enlace')}
                type="url"
                inputMode="url"
                maxLength={LIMITS.url}
              />
            ) : null}
            <YesNo legend="¿Tu negocio está formalizado (dado de alta ante el SAT)?" {...bind('negocio_formalizado')} />
            {value.negocio_formalizado === 'si' ? (
              <UppercaseField
                label="RFC (opcional)"
                hint="Hasta 13 caracteres."
                {...bind('rfc')}
                onValueChange={(v) => set('rfc', v.replace(/\s/g, ''))}
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={LIMITS.rfc}
              />
            ) : null}
          </div>
        ) : null}
      </fieldset>

      <PublicFormSubmit
        avisoVersion={avisoVersion}
        disabled={submitting || emailTaken}
        describedBy={emailTaken ? 'prog-email-taken' : undefined}
        testId={waitlist ? 'program-waitlist-submit' : 'application-submit'}
      >
        {submitting ? 'Enviando...' : waitlist ? 'Unirme a la lista de espera' : 'Enviar Registro'}
      </PublicFormSubmit>
    </form>
  );
}
