import { useId, useState, type FormEvent } from 'react';
import { DOOR_LIMITS, type DoorDirection } from '@shared/contracts/door.contract';
import { Button } from '../../../components/ui/button';

/** The gate, chosen once per device and remembered; the direction, entry unless switched. */
export function GateSetting({
  gate,
  onGate,
  direction,
  onDirection,
}: {
  gate: string | null;
  onGate: (gate: string) => void;
  direction: DoorDirection;
  onDirection: (direction: DoorDirection) => void;
}) {
  const [editing, setEditing] = useState(gate === null);
  const [draft, setDraft] = useState(gate ?? '');
  const inputId = useId();

  const save = (e: FormEvent) => {
    e.preventDefault();
    const value = draft.trim().replace(/\s+/g, ' ');
    if (!value) return;
    onGate(value);
    setEditing(false);
  };

  return (
    <section className="card door-setup" aria-label="Puerta y dirección">
      {editing ? (
        <form className="door-gate-form" onSubmit={save} data-testid="door-gate-form">
          <label className="field__label" htmlFor={inputId}>
            ¿En qué puerta está este dispositivo?
          </label>
          <div className="door-gate-form__row">
            <input
              id={inputId}
              className="input"
              value={draft}
              maxLength={DOOR_LIMITS.gate}
              placeholder="Puerta Norte"
              autoComplete="off"
              onChange={(e) => setDraft(e.target.value)}
              data-testid="door-gate-input"
            />
            <Button variant="primary" type="submit" disabled={!draft.trim()} data-testid="door-gate-save">
              Guardar
            </Button>
          </div>
          <p className="field__hint">Se recuerda en este dispositivo. Cada escaneo lleva el nombre de su puerta.</p>
        </form>
      ) : (
        <p className="door-gate">
          <span className="door-gate__label">Puerta:</span> <strong data-testid="door-gate">{gate}</strong>{' '}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setDraft(gate ?? '');
              setEditing(true);
            }}
            data-testid="door-gate-change"
          >
            Cambiar puerta
          </Button>
        </p>
      )}
      <fieldset className="door-direction">
        <legend className="door-direction__legend">Dirección</legend>
        {(
          [
            ['in', 'Entrada'],
            ['out', 'Salida'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className={`door-direction__option ${direction === value ? 'door-direction__option--on' : ''}`}>
            <input
              type="radio"
              name="door-direction"
              value={value}
              checked={direction === value}
              onChange={() => onDirection(value)}
              data-testid={`door-direction-${value}`}
            />
            {label}
          </label>
        ))}
      </fieldset>
    </section>
  );
}
