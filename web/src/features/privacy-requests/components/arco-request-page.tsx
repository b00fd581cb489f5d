import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ARCO_LIMITS, ARCO_TYPE_LABELS, ARCO_TYPES, type ArcoType } from '@shared/contracts/privacy.contract';
import { Alert } from '../../../components/ui/alert';
import { fieldBinder, Options, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { errorMessage, type FieldErrors } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/config';
import { emailProblem } from '../../../lib/person-rules';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { fileArcoRequest, getArcoInfo } from '../api/privacy-api';
import '../privacy-requests.css';
import { Button } from '../../../components/ui/button';

/** What each right lets the person ask (LGPDPPSO arts. 44–47), shown under the choice. */
const TYPE_HINTS: Record<ArcoType, string> = {
  acceso: 'Recibe por correo un archivo con todos los datos que tenemos asociados a tu correo.',
  rectificacion: 'Corregimos datos tuyos que estén mal o incompletos. Describe qué dato y cuál es el correcto.',
  cancelacion: 'Suprimimos tus datos de nuestros registros; solo quedan cifras estadísticas sin datos que te identifiquen.',
  oposicion: 'Dejamos de enviarte correos a esta dirección.',
};

interface FormValue {
  tipo: ArcoType | '';
  nombre: string;
  email: string;
  descripcion: string;
}

function validate(v: FormValue): FieldErrors {
  const problems: FieldErrors = {};
  if (!v.tipo) problems.tipo = ['Elige el tipo de solicitud.'];
  if (!v.nombre.trim()) problems.nombre = ['El nombre es obligatorio.'];
  const emailWrong = emailProblem(v.email, 'El correo electrónico no es válido.');
  if (emailWrong) problems.email = [emailWrong];
  if (v.tipo === 'rectificacion' && !v.descripcion.trim())
    problems.descripcion = ['Describe qué dato hay que corregir y cuál es el correcto.'];
  return problems;
}

/** /privacidad/solicitud — a citizen files an ARCO request for an e-mail address. */
export function ArcoRequestPage() {
  useDocumentTitle('Tus datos personales: derechos ARCO');
  const [value, setValue] = useState<FormValue>({ tipo: '', nombre: '', email: '', descripcion: '' });
  const [days, setDays] = useState<number | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, setErrors, submitting, submit } = useFormSubmit();
  const doneRef = useRef<HTMLHeadingElement>(null);
  // A field's message goes once it is edited (the next submit checks everything again).
  const set = <K extends keyof FormValue>(key: K, v: FormValue[K]) => {
    setValue((prev) => ({ ...prev, [key]: v }));
    setErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([field]) => field !== key)));
  };
  const bind = fieldBinder('arco-', value, errors, set);

  useEffect(() => {
    getArcoInfo().then(
      (info) => setDays(info.plazo_dias_habiles),
      () => setDays(null),
    );
  }, []);
  useEffect(() => {
    if (sent) doneRef.current?.focus();
  }, [sent]);

  const handleSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFailure(null);
    await submit({
      problems: validate(value),
      focusPrefix: 'arco-',
      send: async () => {
        const answer = await fileArcoRequest({
          tipo: value.tipo as ArcoType,
          nombre: value.nombre.trim(),
          email: value.email.trim(),
          ...(value.descripcion.trim() ? { descripcion: value.descripcion.trim() } : {}),
        });
        setSent(answer.message);
      },
      refused: (error) => setFailure(errorMessage(error, 'No se pudo enviar tu solicitud. Intenta de nuevo.')),
    });
  };

  if (sent) {
    return (
      <section className="arco card" data-testid="arco-sent" aria-labelledby="arco-sent-title">
        <h1 className="arco__title" id="arco-sent-title" ref={doneRef} tabIndex={-1}>
          Revisa tu correo
        </h1>
        <p className="arco__text">{sent}</p>
        <p className="arco__note">El enlace vence en 48 horas. Si no lo ves, revisa la carpeta de correo no deseado.</p>
        <div className="arco__actions">
          <Link className="btn btn--secondary" to="/eventos">
            Ver todos los eventos
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="arco card" aria-labelledby="arco-title">
      <h1 className="arco__title" id="arco-title">
        Tus datos personales: derechos ARCO
      </h1>
      <p className="arco__text">
        Puedes pedir acceso a tus datos, su rectificación, su cancelación u oponerte a su uso. La solicitud es gratuita. Te enviaremos un
        enlace para confirmar que el correo es tuyo; te respondemos en un plazo de {days ?? 20} días hábiles desde que lo confirmes (Ley
        General de Protección de Datos Personales en Posesión de Sujetos Obligados, arts. 50 y 51).
      </p>
      <form className="arco__form" onSubmit={(e) => void handleSubmit(e)} noValidate data-testid="arco-form">
        <SelectField<ArcoType | ''>
          label="¿Qué quieres solicitar?"
          {...bind('tipo')}
          hint={value.tipo ? TYPE_HINTS[value.tipo] : undefined}
          required
        >
          <Options values={ARCO_TYPES} labels={ARCO_TYPE_LABELS} placeholder="Elige una opción" />
        </SelectField>
        <TextField label="Nombre completo" {...bind('nombre')} autoComplete="name" maxLength={ARCO_LIMITS.nombre} required />
        <TextField
          label="Correo electrónico"
          type="email"
          {...bind('email')}
          hint="La solicitud es sobre los datos asociados a este correo."
          autoComplete="email"
          maxLength={ARCO_LIMITS.email}
          required
        />
        <TextAreaField
          label={value.tipo === 'rectificacion' ? 'Qué dato hay que corregir y cuál es el correcto' : 'Descripción (opcional)'}
          {...bind('descripcion')}
          maxLength={ARCO_LIMITS.descripcion}
          rows={4}
          required={value.tipo === 'rectificacion'}
        />
        {failure ? <Alert kind="error">{failure}</Alert> : null}
        <div className="arco__actions">
          <Button variant="primary" type="submit" disabled={submitting} data-testid="arco-submit">
            {submitting ? 'Enviando…' : 'Enviar solicitud'}
          </Button>
          <Link className="btn btn--secondary" to="/aviso-de-privacidad">
            Aviso de privacidad
          </Link>
        </div>
      </form>
    </section>
  );
}
