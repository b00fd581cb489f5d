import { useEffect, useMemo, useState } from 'react';
import type { AsistenteResponse } from '@shared/contracts/internal-events.contract';
import type { SeatingAssignment, SeatingSeccion } from '@shared/contracts/seating.contract';
import { Alert } from '../../../components/ui/alert';
import { Modal } from '../../../components/ui/modal';
import { ModalConfirmFooter } from '../../../components/ui/modal-footer';
import { useSelection } from '../../../lib/use-selection';
import { SEAT_STATE_STYLES, type SeatInfo } from '../../../components/seat-map';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { assignSeat, getEmpresas, getSectores, massAssignSeats, removeSeat } from '../api/seating-api';
import { seatingState } from '../stores/seating-store';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ItemOptions, Select } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';

type Catalogue = Array<{ id: number; nombre: string }>;

/** Sector and empresa lists for the filters (loaded once per screen). */
function useCatalogues() {
  const [sectores, setSectores] = useState<Catalogue>([]);
  const [empresas, setEmpresas] = useState<Catalogue>([]);
  useEffect(() => {
    getSectores()
      .then((r) => setSectores(r.sectores))
      .catch(() => undefined);
    getEmpresas()
      .then((r) => setEmpresas(r.empresas))
      .catch(() => undefined);
  }, []);
  return { sectores, empresas };
}

/** Seating modal search (spec 2 §5): name, company and position, case-insensitive; plus sector and company filters. */
export function filterPeople(people: readonly AsistenteResponse[], search: string, sectorId: string, empresaId: string) {
  const q = search.trim().toLocaleLowerCase('es-MX');
  return people.filter((p) => {
    if (sectorId && String(p.sector_id ?? '') !== sectorId) return false;
    if (empresaId && String(p.empresa_id ?? '') !== empresaId) return false;
    if (!q) return true;
    return [p.nombre_completo, p.empresa?.nombre ?? '', p.puesto?.nombre ?? ''].some((v) => v.toLocaleLowerCase('es-MX').includes(q));
  });
}

function Filters({
  search,
  setSearch,
  sectorId,
  setSectorId,
  empresaId,
  setEmpresaId,
  prefix,
}: {
  search: string;
  setSearch: (v: string) => void;
  sectorId: string;
  setSectorId: (v: string) => void;
  empresaId: string;
  setEmpresaId: (v: string) => void;
  prefix: string;
}) {
  const { sectores, empresas } = useCatalogues();
  return (
    <div className="seating-filters">
      <input
        type="search"
        className="input"
        placeholder="Buscar por nombre, empresa o puesto..."
        aria-label="Buscar personas"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        data-testid={`${prefix}-search`}
      />
      <Select aria-label="Sector" value={sectorId} onValueChange={setSectorId}>
        <ItemOptions items={sectores} placeholder="Todos los sectores" />
      </Select>
      <Select aria-label="Empresa" value={empresaId} onValueChange={setEmpresaId}>
        <ItemOptions items={empresas} placeholder="Todas las empresas" />
      </Select>
    </div>
  );
}

/** The seat details (spec 2 §2): code, section, state, who holds it; assign or release. */
export function SeatDetailsModal({
  seat,
  assignment,
  canEdit,
  onAssign,
  onRelease,
  onClose,
}: {
  seat: SeatInfo;
  assignment: SeatingAssignment | undefined;
  canEdit: boolean;
  onAssign: () => void;
  onRelease: () => void;
  onClose: () => void;
}) {
  return (
    <Modal title={`Asiento ${seat.displayCode}`} onClose={onClose} size="sm" testId="seating-seat-modal">
      <dl className="seating-details">
        <dt>Sección</dt>
        <dd>{seat.sectionName}</dd>
        <dt>Asiento</dt>
        <dd>{seat.codigo}</dd>
        <dt>Estado</dt>
        <dd data-testid="seating-seat-state">
          {assignment ? SEAT_STATE_STYLES[seat.state === 'selected' ? 'assigned' : seat.state].label : 'Disponible'}
        </dd>
        {assignment ? (
          <>
            <dt>Persona</dt>
            <dd data-testid="seating-seat-person">{assignment.persona.nombre_completo}</dd>
            <dt>Empresa</dt>
            <dd>{assignment.persona.empresa ?? 'N/A'}</dd>
            <dt>Puesto</dt>
            <dd>{assignment.persona.puesto ?? 'Sin puesto'}</dd>
          </>
        ) : null}
      </dl>
      <div className="modal__footer">
        <Button onClick={onClose}>Cerrar</Button>
        {canEdit && assignment ? (
          <Button variant="danger" onClick={onRelease} data-testid="seating-release-open">
            Liberar asiento
          </Button>
        ) : null}
        {canEdit && !assignment ? (
          <Button variant="primary" onClick={onAssign} data-testid="seating-assign-open">
            Asignar persona
          </Button>
        ) : null}
      </div>
    </Modal>
  );
}

export function ConfirmReleaseModal({
  eventId,
  seat,
  assignment,
  onClose,
}: {
  eventId: number;
  seat: SeatInfo;
  assignment: SeatingAssignment;
  onClose: () => void;
}) {
  return (
    <ConfirmModal
      title="Liberar asiento"
      confirmLabel="Liberar"
      busyLabel="Liberando..."
      errorFallback="Error al liberar el asiento"
      action={async () => {
        await removeSeat(eventId, assignment.id);
        return 'Asiento liberado exitosamente';
      }}
      onClose={onClose}
      testId="seating-release-modal"
      confirmTestId="seating-release-confirm"
    >
      <p>
        ¿Liberar el asiento <strong>{seat.displayCode}</strong> de <strong>{assignment.persona.nombre_completo}</strong>?
      </p>
    </ConfirmModal>
  );
}

/** Assign one person (an attendee without a seat) to the chosen seat. */
export function AssignPersonModal({
  eventId,
  seat,
  people,
  onClose,
}: {
  eventId: number;
  seat: SeatInfo;
  people: readonly AsistenteResponse[];
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const [sectorId, setSectorId] = useState('');
  const [empresaId, setEmpresaId] = useState('');
  const [personaId, setPersonaId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const unseated = useMemo(() => people.filter((p) => !p.asiento && !seatedNow(p.id)), [people]);
  const shown = useMemo(() => filterPeople(unseated, search, sectorId, empresaId).slice(0, 100), [unseated, search, sectorId, empresaId]);
  const submit = async () => {
    if (personaId === null || seat.seatId === undefined) return;
    setBusy(true);
    try {
      const res = await assignSeat(eventId, personaId, seat.seatId);
      toast.success(res.message || 'Asiento asignado exitosamente');
      onClose();
    } catch (err) {
      const message = errorMessage(err, 'Error al asignar el asiento');
      setProblem(message);
      toast.error(message);
      setBusy(false);
    }
  };
  return (
    <Modal title={`Asignar persona al asiento ${seat.displayCode}`} onClose={onClose} size="lg" testId="seating-assign-modal">
      <Filters {...{ search, setSearch, sectorId, setSectorId, empresaId, setEmpresaId }} prefix="seating-assign" />
      <div className="seating-people" role="radiogroup" aria-label="Personas sin asiento" data-testid="seating-assign-list">
        {shown.length === 0 ? <p className="muted">No hay personas sin asiento que coincidan.</p> : null}
        {shown.map((p) => (
          <label key={p.id} className="seating-person" data-testid="seating-assign-row">
            <input type="radio" name="seating-persona" checked={personaId === p.id} onChange={() => setPersonaId(p.id)} />
            <span className="seating-person__who">
              <span className="seating-person__name">{p.nombre_completo}</span>
              <span className="muted">
                {[p.empresa?.nombre, p.puesto?.nombre, p.sector?.nombre].filter(Boolean).join(' · ') || 'Sin empresa'}
              </span>
            </span>
          </label>
        ))}
      </div>
      {problem ? <Alert kind="error">{problem}</Alert> : null}
      <ModalConfirmFooter
        onCancel={onClose}
        onConfirm={() => void submit()}
        confirmDisabled={personaId === null || busy}
        confirmTestId="seating-assign-confirm"
      >
        {busy ? 'Asignando...' : 'Asignar'}
      </ModalConfirmFooter>
    </Modal>
  );
}

function seatedNow(personaId: number): boolean {
  for (const a of seatingState.bySeat.values()) if (a.persona.id === personaId) return true;
  return false;
}

/** Free seats of a section now (registered seats not held). */
export function freeSeatsOf(s: SeatingSeccion): number {
  let n = 0;
  for (const id of s.seat_ids) if (id !== null && !seatingState.bySeat.has(id)) n++;
  return n;
}

/** Mass assignment (spec 2 §5): at least one person and a section; a warning when more people than free seats. */
export function MassAssignModal({
  eventId,
  secciones,
  people,
  onClose,
}: {
  eventId: number;
  secciones: readonly SeatingSeccion[];
  people: readonly AsistenteResponse[];
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const [sectorId, setSectorId] = useState('');
  const [empresaId, setEmpresaId] = useState('');
  const [seccionId, setSeccionId] = useState('');
  const { selected, toggle, allSelected, toggleAll } = useSelection();
  const [busy, setBusy] = useState(false);
  const unseated = useMemo(() => people.filter((p) => !p.asiento && !seatedNow(p.id)), [people]);
  const shown = useMemo(() => filterPeople(unseated, search, sectorId, empresaId), [unseated, search, sectorId, empresaId]);
  const seccion = secciones.find((s) => String(s.id) === seccionId);
  const free = seccion ? freeSeatsOf(seccion) : null;
  const shownIds = shown.map((p) => p.id);
  const allShown = allSelected(shownIds);
  const submit = async () => {
    if (!seccion || selected.size === 0) return;
    setBusy(true);
    try {
      const res = await massAssignSeats(eventId, [...selected], seccion.id);
      seatingState.mass = res.mass_assignment;
      toast.info(res.message);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, 'Error al asignar personas masivamente'));
      setBusy(false);
    }
  };
  return (
    <Modal title="Asignación masiva de asientos" onClose={onClose} size="lg" testId="seating-mass-modal">
      <label className="field seating-field">
        <span className="field__label">Sección *</span>
        <Select value={seccionId} onValueChange={setSeccionId} data-testid="seating-mass-seccion">
          <option value="">Selecciona una sección</option>
          {secciones.map((s) => (
            <option key={s.id} value={s.id}>
              {s.nombre} ({freeSeatsOf(s)} libres)
            </option>
          ))}
        </Select>
      </label>
      <Filters {...{ search, setSearch, sectorId, setSectorId, empresaId, setEmpresaId }} prefix="seating-mass" />
      <div className="seating-people__bar">
        <label className="checkbox">
          <input type="checkbox" checked={allShown} onChange={() => toggleAll(shownIds)} data-testid="seating-mass-all" />
          Seleccionar todas ({shown.length})
        </label>
        <span className="muted" data-testid="seating-mass-selected">
          {selected.size} seleccionada(s)
        </span>
      </div>
      <div className="seating-people" data-testid="seating-mass-list">
        {shown.length === 0 ? <p className="muted">No hay personas sin asiento que coincidan.</p> : null}
        {shown.slice(0, 200).map((p) => (
          <label key={p.id} className="seating-person">
            <input type="checkbox" checked={selected.has(p.id)} onChange={() => toggle(p.id)} />
            <span className="seating-person__who">
              <span className="seating-person__name">{p.nombre_completo}</span>
              <span className="muted">{[p.empresa?.nombre, p.puesto?.nombre].filter(Boolean).join(' · ') || 'Sin empresa'}</span>
            </span>
          </label>
        ))}
        {shown.length > 200 ? <p className="muted">…y {shown.length - 200} más (usa «Seleccionar todas» o los filtros).</p> : null}
      </div>
      {free !== null && selected.size > free ? (
        <Alert kind="warning" testId="seating-mass-warning">
          Seleccionaste {selected.size} personas y la sección tiene {free} asientos libres: solo se asignarán las primeras {free}.
        </Alert>
      ) : null}
      <ModalConfirmFooter
        onCancel={onClose}
        onConfirm={() => void submit()}
        confirmDisabled={!seccion || selected.size === 0 || busy}
        confirmTestId="seating-mass-confirm"
      >
        {busy ? 'Enviando...' : `Asignar ${selected.size} persona(s)`}
      </ModalConfirmFooter>
    </Modal>
  );
}
