import { useEffect, useMemo, useRef, useState } from 'react';
import { PERSONA_FIELDS, type MergeResponse, type PersonaField, type PersonaResponse } from '@shared/contracts/personas.contract';
import { mergedValues, preselectMerge, valueWeight, type MergeChoice } from '@shared/rules/persona-merge';
import { Alert } from '../../../components/ui/alert';
import { Modal } from '../../../components/ui/modal';
import { ModalConfirmFooter } from '../../../components/ui/modal-footer';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { getPersona } from '../api/get-persona';
import { mergePersonas } from '../api/merge-personas';
import { PERSONA_FIELD_LABELS, formatPhone, personaName } from '../persona-labels';

export type MergeDone = MergeResponse & { message?: string; nombre: string; fusionadas: string[] };

const CATALOGUE_OF: Partial<Record<PersonaField, 'profesion' | 'sector' | 'empresa' | 'puesto' | 'zona'>> = {
  profesion_id: 'profesion',
  sector_id: 'sector',
  empresa_id: 'empresa',
  puesto_id: 'puesto',
  zona_id: 'zona',
};

/** A field's value as staff read it: the catalogue's name, the date in es-MX, the phone grouped; '' when empty. */
function shown(p: PersonaResponse, field: PersonaField): string {
  const catalogue = CATALOGUE_OF[field];
  if (catalogue) return p[catalogue]?.nombre ?? '';
  const raw = p[field];
  if (raw === null || raw === undefined || String(raw).trim() === '') return '';
  if (field === 'fecha_nacimiento') return new Date(`${String(raw)}T12:00:00`).toLocaleDateString('es-MX', { dateStyle: 'long' });
  if (field === 'telefono_celular' || field === 'telefono_oficina') return formatPhone(String(raw));
  return String(raw);
}

/** The person kept by default: the one with the most filled data (the oldest record on a tie). */
function mostComplete(people: PersonaResponse[]): number {
  const weight = (p: PersonaResponse) => PERSONA_FIELDS.reduce((n, f) => n + (valueWeight(p[f]) > 0 ? 1 : 0), 0);
  return [...people].sort((a, b) => weight(b) - weight(a) || a.id - b.id)[0].id;
}

/**
 * 'Fusionar': the people of a pair (or more) side by side — which one is kept, and per field that differs whose value
 * stays (the most complete preselected, shared/rules/persona-merge.ts, the same rule the server applies) — with a
 * summary of what moves to the one kept; confirming merges them (POST /api/personas/fusiones).
 */
export function MergeModal({ ids, onClose, onMerged }: { ids: number[]; onClose: () => void; onMerged: (done: MergeDone) => void }) {
  const [people, setPeople] = useState<PersonaResponse[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [survivorId, setSurvivorId] = useState<number | null>(null);
  const [choice, setChoice] = useState<MergeChoice | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const firstRadio = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    Promise.all(ids.map((id) => getPersona(id)))
      .then((answers) => {
        if (!live) return;
        const list = answers.map((a) => a.persona);
        const keep = mostComplete(list);
        setPeople(list);
        setSurvivorId(keep);
        setChoice(preselectMerge(ordered(list, keep)));
      })
      .catch((err) => live && setLoadError(errorMessage(err, 'No se pudieron cargar las personas')));
    return () => {
      live = false;
    };
  }, [ids]);

  // The dialog opened before the people arrived: once they are here, focus goes to the first choice.
  const loaded = people !== null;
  useEffect(() => {
    if (loaded) firstRadio.current?.focus();
  }, [loaded]);

  const inOrder = useMemo(() => (people && survivorId ? ordered(people, survivorId) : []), [people, survivorId]);
  const differing = useMemo(() => PERSONA_FIELDS.filter((f) => new Set(inOrder.map((p) => shown(p, f).toUpperCase())).size > 1), [inOrder]);
  const result = useMemo(() => (choice && inOrder.length ? mergedValues(inOrder, choice) : null), [choice, inOrder]);

  const pickSurvivor = (id: number) => {
    setSurvivorId(id);
    if (people) setChoice(preselectMerge(ordered(people, id)));
  };

  const confirm = async () => {
    if (!people || !survivorId || !choice) return;
    setBusy(true);
    setError(null);
    try {
      const others = inOrder.slice(1);
      const answer = await mergePersonas({ sobreviviente_id: survivorId, fusionar_ids: others.map((p) => p.id), campos: choice });
      onMerged({ ...answer, nombre: personaName(inOrder[0]), fusionadas: others.map(personaName) });
    } catch (err) {
      setError(errorMessage(err, 'No se pudieron fusionar las personas'));
      setBusy(false);
    }
  };

  const survivor = inOrder[0];
  const others = inOrder.slice(1);
  // Another person's main address kept as the alternate one (mergedValues: a merge never drops an address).
  const altKept =
    result?.direccion_alterna_calle && !inOrder.some((p) => p.direccion_alterna_calle === result.direccion_alterna_calle) ? result : null;
  return (
    <Modal title="Fusionar personas" onClose={onClose} testId="merge-modal" size="lg">
      {loadError ? <Alert kind="error">{loadError}</Alert> : null}
      {!people && !loadError ? <Spinner label="Cargando personas..." /> : null}
      {people && survivor && choice ? (
        <div className="merge">
          <fieldset className="merge__group">
            <legend className="merge__legend">Persona que se conserva</legend>
            {people.map((p, i) => (
              <label key={p.id} className="merge__option">
                <input
                  type="radio"
                  name="sobreviviente"
                  ref={i === 0 ? firstRadio : undefined}
                  checked={survivorId === p.id}
                  onChange={() => pickSurvivor(p.id)}
                />
                <span>
                  {personaName(p)} <span className="merge__meta">(registro {p.id})</span>
                </span>
              </label>
            ))}
          </fieldset>

          {differing.length ? (
            <div className="merge__fields">
              <h3 className="merge__heading">Datos que difieren: elige cuál se queda</h3>
              {differing.map((field) => (
                <fieldset key={field} className="merge__group" data-testid={`merge-field-${field}`}>
                  <legend className="merge__legend">{PERSONA_FIELD_LABELS[field] ?? field}</legend>
                  {inOrder.map((p) => (
                    <label key={p.id} className="merge__option">
                      <input
                        type="radio"
                        name={`campo-${field}`}
                        checked={choice[field] === p.id}
                        onChange={() => setChoice({ ...choice, [field]: p.id })}
                      />
                      <span>
                        {shown(p, field) || <em>Sin dato</em>} <span className="merge__meta">(de {personaName(p)})</span>
                      </span>
                    </label>
                  ))}
                </fieldset>
              ))}
            </div>
          ) : (
            <p>Todos los datos son iguales.</p>
          )}

          <section className="merge__summary" aria-labelledby="merge-summary-title">
            <h3 className="merge__heading" id="merge-summary-title">
              Qué pasará
            </h3>
            <ul data-testid="merge-summary">
              <li>
                Se conserva <strong>{personaName(survivor)}</strong> con los datos elegidos
                {PERSONA_FIELDS.length - differing.length > 0 ? `; ${PERSONA_FIELDS.length - differing.length} datos son iguales` : ''}.
              </li>
              <li>
                Se eliminan: {others.map((p) => personaName(p)).join(', ')}. Sus invitaciones a eventos internos (con su código de
                confirmación y su asiento), sus marcas «No es duplicado», sus filas de importación y su bitácora pasan a{' '}
                {personaName(survivor)}.
              </li>
              <li>Si dos estaban invitadas al mismo evento, se queda la invitación con asistencia o asiento; la otra se libera.</li>
              {altKept ? (
                <li>
                  La dirección {altKept.direccion_alterna_calle} {altKept.direccion_alterna_numero ?? ''} se conserva como dirección
                  alterna.
                </li>
              ) : null}
              <li>Podrás deshacer la fusión mientras nadie cambie a estas personas.</li>
            </ul>
          </section>
          {error ? <Alert kind="error">{error}</Alert> : null}
        </div>
      ) : null}
      <ModalConfirmFooter
        onCancel={onClose}
        onConfirm={() => void confirm()}
        confirmDisabled={busy || !choice}
        confirmTestId="merge-confirm"
      >
        {busy ? 'Fusionando...' : 'Fusionar'}
      </ModalConfirmFooter>
    </Modal>
  );
}

/** The survivor first, then the others in the order given. */
function ordered(people: PersonaResponse[], survivorId: number): PersonaResponse[] {
  return [...people.filter((p) => p.id === survivorId), ...people.filter((p) => p.id !== survivorId)];
}
