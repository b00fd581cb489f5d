import type { PersonaResponse } from '@shared/contracts/personas.contract';
import { formatOfficePhone, formatPhone, personaName } from '../persona-labels';
import { CompletenessDot } from './completeness-dot';
import { EmailText } from '../../../components/ui/email-text';

export interface PersonaRowPermissions {
  edit: boolean;
  delete: boolean;
}

/** Contacto (spec 3 §2.1): e-mail and cell phone, or the office phone when there is no cell phone. */
function ContactCell({ persona }: { persona: PersonaResponse }) {
  const phone = persona.telefono_celular
    ? formatPhone(persona.telefono_celular)
    : (formatOfficePhone(persona.telefono_oficina, persona.extension_oficina) ?? '');
  if (!persona.correo_electronico && !phone) return <span className="muted">-</span>;
  return (
    <span className="person-cell">
      {persona.correo_electronico ? <EmailText className="cell-email" email={persona.correo_electronico} /> : null}
      {phone ? <span className="person-cell__sub persona-phone">{phone}</span> : null}
    </span>
  );
}

/** The table of spec 3 §2.1: Nombre (with sector), Empresa/Institución, Puesto, Contacto, Estado, Acciones. */
export function PersonasTable({
  personas,
  can,
  busyId,
  onView,
  onEdit,
  onDelete,
}: {
  personas: readonly PersonaResponse[];
  can: PersonaRowPermissions;
  busyId: number | null;
  onView: (persona: PersonaResponse) => void;
  onEdit: (persona: PersonaResponse) => void;
  onDelete: (persona: PersonaResponse) => void;
}) {
  return (
    <div className="table-wrap">
      <table className="table table--responsive personas-table" data-testid="personas-table">
        <thead>
          <tr>
            <th scope="col">Nombre</th>
            <th scope="col">Empresa/Institución</th>
            <th scope="col">Puesto</th>
            <th scope="col">Contacto</th>
            <th scope="col">Estado</th>
            <th scope="col" className="table__actions-head">
              Acciones
            </th>
          </tr>
        </thead>
        <tbody>
          {personas.map((persona) => {
            const name = personaName(persona);
            return (
              <tr key={persona.id} data-testid="persona-row" data-persona-id={persona.id} data-name={name}>
                <td data-label="Nombre">
                  <span className="person-cell">
                    <span className="person-cell__name" data-testid="persona-name">
                      {name}
                    </span>
                    {persona.sector ? <span className="person-cell__sub">{persona.sector.nombre}</span> : null}
                  </span>
                </td>
                {/* A zero-width space after the slash lets the card label wrap there on a phone, not mid-word. */}
                <td data-label={'Empresa/\u200bInstitución'} data-testid="persona-empresa">
                  {persona.empresa?.nombre ?? <span className="muted">-</span>}
                </td>
                <td data-label="Puesto" data-testid="persona-puesto">
                  {persona.puesto?.nombre ?? <span className="muted">-</span>}
                </td>
                <td data-label="Contacto" data-testid="persona-contact">
                  <ContactCell persona={persona} />
                </td>
                <td data-label="Estado">
                  <CompletenessDot level={persona.completeness_level} />
                </td>
                <td data-label="Acciones" className="table__actions">
                  <button
                    type="button"
                    className="btn btn--sm btn--secondary"
                    onClick={() => onView(persona)}
                    aria-label={`Ver a ${name}`}
                    data-testid="view-persona"
                  >
                    Ver
                  </button>
                  {can.edit ? (
                    <button
                      type="button"
                      className="btn btn--sm btn--secondary"
                      onClick={() => onEdit(persona)}
                      aria-label={`Editar a ${name}`}
                      data-testid="edit-persona"
                    >
                      Editar
                    </button>
                  ) : null}
                  {can.delete ? (
                    <button
                      type="button"
                      className="btn btn--sm btn--danger"
                      onClick={() => onDelete(persona)}
                      disabled={busyId === persona.id}
                      aria-label={`Eliminar a ${name}`}
                      data-testid="delete-persona"
                    >
                      Eliminar
                    </button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
