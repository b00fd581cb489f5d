import type { PersonaResponse } from '@shared/contracts/personas.contract';
import { formatOfficePhone, formatPhone, personaName } from '../persona-labels';
import { CompletenessDot } from './completeness-dot';
import { DataTable, type RowEditing } from '../../../components/ui/data-table';
import { EmailText } from '../../../components/ui/email-text';
import { EditDeleteButtons, RowButton } from '../../../components/ui/row-actions';

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
  editing,
  onView,
}: {
  personas: readonly PersonaResponse[];
  editing: RowEditing<PersonaResponse>;
  onView: (persona: PersonaResponse) => void;
}) {
  return (
    <DataTable
      className="personas-table"
      testId="personas-table"
      columns={['Nombre', 'Empresa/Institución', 'Puesto', 'Contacto', 'Estado']}
    >
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
              <RowButton onClick={() => onView(persona)} aria-label={`Ver a ${name}`} data-testid="view-persona">
                Ver
              </RowButton>
              <EditDeleteButtons row={persona} name={`a ${name}`} kind="persona" editing={editing} />
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
