import { useMemo, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { SECTION_DEFAULTS, SPACE_LIMITS, type EspacioInput, type EspacioResponse } from '@shared/contracts/spaces.contract';
import { Alert } from '../../../components/ui/alert';
import { PlusIcon } from '../../../components/ui/icons';
import { Modal } from '../../../components/ui/modal';
import type { SeatMapSection } from '../../../components/seat-map';
import { ApiError, errorMessage, type FieldErrors } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { createEspacio } from '../api/create-espacio';
import { updateEspacio } from '../api/update-espacio';
import { formatCount, randomSectionColor } from '../spaces-labels';
import { upsertEspacio } from '../stores/spaces-store';
import { SpacePreview } from './space-preview';
import { Button } from '../../../components/ui/button';

interface SectionForm {
  key: number;
  nombre: string;
  codigo: string;
  filas: string;
  asientos_por_fila: string;
  color: string;
  posicion_x: number;
  posicion_y: number;
  precio_base: number | null;
}

/** A section's typed fields, and the end of each one's element id. */
type SectionInputField = 'nombre' | 'codigo' | 'filas' | 'asientos_por_fila';
const SECTION_INPUT_IDS: Record<SectionInputField, string> = {
  nombre: 'nombre',
  codigo: 'codigo',
  filas: 'filas',
  asientos_por_fila: 'asientos',
};
const WHOLE_NUMBER = { type: 'number', inputMode: 'numeric' } as const;

/** One typed field of a section: its label, the input (marked while the field has a message) and the first message. */
function SectionInput({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error: readonly string[] | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className={`input ${error ? 'input--invalid' : ''}`} {...input} />
      {error?.length ? (
        <p className="field__error" role="alert">
          {error[0]}
        </p>
      ) : null}
    </div>
  );
}

interface SpaceForm {
  nombre: string;
  descripcion: string;
  layout_config: string;
  pasillos: unknown[];
  secciones: SectionForm[];
}

/** React keys of the section rows (stable while rows are added and removed). */
let sectionKeys = 0;
const nextSectionKey = () => ++sectionKeys;

/** A number typed in a 1–100 field, or null when it is not one. */
function count(value: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(value.trim())) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

/** Spec 3 §5: nombre, at least one section, each with nombre, código (≤ 10, unique here), filas and asientos 1–100. */
function validate(form: SpaceForm): { errors: FieldErrors; valid: boolean } {
  const errors: FieldErrors = {};
  if (!form.nombre.trim()) errors.nombre = ['El nombre del espacio es obligatorio.'];
  if (form.secciones.length === 0) errors.secciones = ['El espacio debe tener al menos una sección.'];
  const seen = new Set<string>();
  form.secciones.forEach((s, i) => {
    const code = s.codigo.trim().toUpperCase();
    if (!s.nombre.trim()) errors[`secciones.${i}.nombre`] = ['El nombre de la sección es obligatorio.'];
    if (!code) errors[`secciones.${i}.codigo`] = ['El código de la sección es obligatorio.'];
    else if (code.length > SPACE_LIMITS.codigo) errors[`secciones.${i}.codigo`] = ['El código no debe tener más de 10 caracteres.'];
    else if (seen.has(code)) errors[`secciones.${i}.codigo`] = ['Cada sección necesita un código distinto.'];
    seen.add(code);
    if (count(s.filas, SPACE_LIMITS.filasMin, SPACE_LIMITS.filasMax) === null)
      errors[`secciones.${i}.filas`] = ['Las filas van de 1 a 100.'];
    if (count(s.asientos_por_fila, SPACE_LIMITS.asientosMin, SPACE_LIMITS.asientosMax) === null)
      errors[`secciones.${i}.asientos_por_fila`] = ['Los asientos por fila van de 1 a 100.'];
  });
  return { errors, valid: Object.keys(errors).length === 0 };
}

function toPayload(form: SpaceForm): EspacioInput {
  return {
    nombre: form.nombre.trim(),
    descripcion: form.descripcion.trim() || null,
    layout_config: form.layout_config.trim() || null,
    pasillos: form.pasillos,
    secciones: form.secciones.map((s) => ({
      nombre: s.nombre.trim(),
      codigo: s.codigo.trim().toUpperCase(),
      filas: Number(s.filas),
      asientos_por_fila: Number(s.asientos_por_fila),
      color: s.color,
      posicion_x: s.posicion_x,
      posicion_y: s.posicion_y,
      precio_base: s.precio_base,
    })),
  };
}

/**
 * Crear Nuevo Espacio / Editar Espacio (spec 3 §2.8): name, description, sections (defaults 5 × 10,
 * a colour of the six, posicion_y index × 10), 'Organización de Secciones' and a live 'Vista Previa'.
 * Guardar stays disabled while the form is invalid or saving; the server checks everything again.
 */
export function SpaceFormModal({ espacio, onClose }: { espacio?: EspacioResponse; onClose: () => void }) {
  const newSection = (index: number, used: readonly string[] = []): SectionForm => ({
    key: nextSectionKey(),
    nombre: `Sección ${index + 1}`,
    codigo: `S${index + 1}`,
    filas: String(SECTION_DEFAULTS.filas),
    asientos_por_fila: String(SECTION_DEFAULTS.asientos_por_fila),
    color: randomSectionColor(used),
    posicion_x: SECTION_DEFAULTS.posicion_x,
    posicion_y: index * SECTION_DEFAULTS.posicion_y_step,
    precio_base: null,
  });
  const [form, setForm] = useState<SpaceForm>(() =>
    espacio
      ? {
          nombre: espacio.nombre,
          descripcion: espacio.descripcion ?? '',
          layout_config: espacio.layout_config ?? '',
          pasillos: espacio.pasillos ?? [],
          secciones: espacio.secciones.map((s) => ({
            key: nextSectionKey(),
            nombre: s.nombre,
            codigo: s.codigo,
            filas: String(s.filas),
            asientos_por_fila: String(s.asientos_por_fila),
            color: s.color,
            posicion_x: s.posicion_x,
            posicion_y: s.posicion_y,
            precio_base: s.precio_base,
          })),
        }
      : { nombre: '', descripcion: '', layout_config: '', pasillos: [], secciones: [newSection(0)] },
  );
  // The hook's errors are the server's complaints (the client rules below are shown as the form changes).
  const { errors: serverErrors, setErrors: setServerErrors, submitting: saving, submit } = useFormSubmit();
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  // The name's "obligatorio" waits until the field was left (a new form starts empty); the rest shows at once.
  const [nombreTouched, setNombreTouched] = useState(false);
  const { errors, valid } = validate(form);
  const shown = (field: string) => (field === 'nombre' && !nombreTouched ? undefined : errors[field]) ?? serverErrors[field];

  const previewSections: SeatMapSection[] = useMemo(
    () =>
      form.secciones.map((s) => ({
        nombre: s.nombre.trim(),
        codigo: s.codigo.trim().toUpperCase(),
        color: s.color,
        filas: count(s.filas, 1, 100) ?? 0,
        asientos_por_fila: count(s.asientos_por_fila, 1, 100) ?? 0,
      })),
    [form.secciones],
  );
  const capacity = previewSections.reduce((n, s) => n + s.filas * s.asientos_por_fila, 0);

  // A change answers the server's complaints about that form: they are cleared, the client rules show again.
  const set = (patch: Partial<SpaceForm>) => {
    setServerErrors({});
    setForm((f) => ({ ...f, ...patch }));
  };
  const setSection = (index: number, patch: Partial<SectionForm>) => {
    setServerErrors({});
    setForm((f) => ({ ...f, secciones: f.secciones.map((s, i) => (i === index ? { ...s, ...patch } : s)) }));
  };
  const addSection = () => {
    setServerErrors({});
    setForm((f) => ({
      ...f,
      secciones: [
        ...f.secciones,
        newSection(
          f.secciones.length,
          f.secciones.map((s) => s.color),
        ),
      ],
    }));
  };
  const removeSection = (index: number) => {
    setServerErrors({});
    setForm((f) => ({ ...f, secciones: f.secciones.filter((_, i) => i !== index) }));
  };

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setNombreTouched(true);
    setServerMessage(null);
    await submit({
      problems: valid ? {} : errors,
      focusPrefix: 'espacio-',
      send: async () => {
        const payload = toPayload(form);
        const response = espacio ? await updateEspacio(espacio.id, payload) : await createEspacio(payload);
        upsertEspacio(response.espacio);
        toast.success(response.message);
        onClose();
      },
      refused: (err) => {
        const message =
          err instanceof ApiError && err.status === 422 ? 'Error al guardar el espacio' : errorMessage(err, 'Error al guardar el espacio');
        setServerMessage(message);
        toast.error(message);
      },
    });
  };

  const errorOf = (field: string) => {
    const list = shown(field);
    return list?.length ? (
      <p className="field__error" role="alert">
        {list[0]}
      </p>
    ) : null;
  };

  return (
    <Modal title={espacio ? 'Editar Espacio' : 'Crear Nuevo Espacio'} onClose={onClose} size="lg" testId="space-form-modal">
      <form className="space-form" onSubmit={handleSubmit} noValidate>
        {serverMessage ? <Alert kind="error">{serverMessage}</Alert> : null}
        <div className="field">
          <label className="field__label" htmlFor="espacio-nombre">
            Nombre del Espacio *
          </label>
          <input
            id="espacio-nombre"
            className={`input ${shown('nombre') ? 'input--invalid' : ''}`}
            value={form.nombre}
            maxLength={SPACE_LIMITS.nombre}
            placeholder="Ej. Auditorio Principal"
            onChange={(e) => set({ nombre: e.target.value })}
            onBlur={() => setNombreTouched(true)}
          />
          {errorOf('nombre')}
        </div>
        <div className="field">
          <label className="field__label" htmlFor="espacio-descripcion">
            Descripción
          </label>
          <textarea
            id="espacio-descripcion"
            className="input"
            rows={2}
            value={form.descripcion}
            maxLength={SPACE_LIMITS.descripcion}
            onChange={(e) => set({ descripcion: e.target.value })}
          />
        </div>

        <div className="space-form__sections-header">
          <h3 className="space-form__heading">Secciones</h3>
          <Button size="sm" onClick={addSection} disabled={form.secciones.length >= SPACE_LIMITS.secciones}>
            <PlusIcon size={16} /> Agregar Sección
          </Button>
        </div>
        {errorOf('secciones')}
        <ol className="space-form__sections">
          {form.secciones.map((s, i) => {
            const id = `seccion-${s.key}`;
            const filas = count(s.filas, 1, 100);
            const asientos = count(s.asientos_por_fila, 1, 100);
            /** A typed field of this section (its id ends with the field's short name), `clean` applied as it is typed. */
            const sectionInput = (
              field: SectionInputField,
              label: string,
              attributes: InputHTMLAttributes<HTMLInputElement>,
              clean = (v: string) => v,
            ) => (
              <SectionInput
                id={`${id}-${SECTION_INPUT_IDS[field]}`}
                label={label}
                error={shown(`secciones.${i}.${field}`)}
                value={s[field]}
                onChange={(e) => setSection(i, { [field]: clean(e.target.value) })}
                {...attributes}
              />
            );
            return (
              <li key={s.key} className="space-section" data-testid="section-row">
                <div className="space-section__top">
                  <span className="space-section__title">
                    <span className="space-preview__swatch" style={{ background: s.color }} aria-hidden="true" /> Sección {i + 1}
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="space-section__remove"
                    onClick={() => removeSection(i)}
                    aria-label={`Quitar la sección ${i + 1}`}
                  >
                    Quitar
                  </Button>
                </div>
                <div className="space-section__grid">
                  {sectionInput('nombre', 'Nombre', { maxLength: SPACE_LIMITS.seccionNombre })}
                  {sectionInput('codigo', 'Código', { maxLength: SPACE_LIMITS.codigo }, (v) => v.toUpperCase())}
                  {sectionInput('filas', 'Filas', { ...WHOLE_NUMBER, min: SPACE_LIMITS.filasMin, max: SPACE_LIMITS.filasMax })}
                  {sectionInput('asientos_por_fila', 'Asientos por Fila', {
                    ...WHOLE_NUMBER,
                    min: SPACE_LIMITS.asientosMin,
                    max: SPACE_LIMITS.asientosMax,
                  })}
                  <div className="field">
                    <label className="field__label" htmlFor={`${id}-color`}>
                      Color
                    </label>
                    <input
                      id={`${id}-color`}
                      type="color"
                      className="input space-section__color"
                      value={s.color.toLowerCase()}
                      onChange={(e) => setSection(i, { color: e.target.value.toUpperCase() })}
                    />
                  </div>
                  <div className="field">
                    <span className="field__label" id={`${id}-total-label`}>
                      Total Asientos
                    </span>
                    <output className="space-section__total" aria-labelledby={`${id}-total-label`} data-testid="section-total">
                      {filas !== null && asientos !== null ? formatCount(filas * asientos) : '—'}
                    </output>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>

        <div className="field">
          <label className="field__label" htmlFor="espacio-layout">
            Organización de Secciones
          </label>
          <input
            id="espacio-layout"
            className="input"
            value={form.layout_config}
            maxLength={SPACE_LIMITS.layoutConfig}
            placeholder="Ej. 3,2"
            aria-describedby="espacio-layout-hint"
            onChange={(e) => set({ layout_config: e.target.value })}
          />
          <p className="field__hint" id="espacio-layout-hint">
            Cuántas secciones van en cada fila, separadas por comas: «3,2» pone 3 arriba y 2 abajo. Vacío: dos por fila.
          </p>
        </div>

        <h3 className="space-form__heading">Vista Previa</h3>
        <SpacePreview sections={previewSections} layoutConfig={form.layout_config} maxHeight={420} />

        <footer className="modal__footer space-form__footer">
          <span className="space-form__capacity">Capacidad Total: {formatCount(capacity)}</span>
          <Button onClick={onClose}>Cancelar</Button>
          <Button variant="primary" type="submit" disabled={!valid || saving} data-testid="space-save">
            {saving ? 'Guardando...' : 'Guardar'}
          </Button>
        </footer>
      </form>
    </Modal>
  );
}
