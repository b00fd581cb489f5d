import type { ReactNode } from 'react';
import type { PersonaResponse } from '@shared/contracts/personas.contract';
import { Modal } from '../../../components/ui/modal';
import { formatCalendarDate, formatShortDate, formatTime } from '../../../lib/format';
import { COMPLETENESS_LABELS, NEXT_LEVEL, formatAddress, formatOfficePhone, formatPhone, personaName } from '../persona-labels';
import { CompletenessDot } from './completeness-dot';
import { EmailText } from '../../../components/ui/email-text';
import { DetailsList } from '../../../components/ui/details';
import { Button } from '../../../components/ui/button';

const dash = (value: string | null | undefined): string => (value && value.trim() ? value : '-');
/** "21 nov 2026, 2:46 p. m.", the time kept on one line. */
const dateTime = (value: string | null | undefined): string =>
  value ? `${formatShortDate(value)}, ${formatTime(value).replace(/ /g, '\u00a0')}` : '-';

function Group({ title, rows, testId, wide }: { title: string; rows: Array<[string, ReactNode]>; testId?: string; wide?: boolean }) {
  return (
    <section className={`view-group ${wide ? 'view-group--wide' : ''}`} data-testid={testId}>
      <h3 className="view-group__title">{title}</h3>
      <DetailsList rows={rows} />
    </section>
  );
}

/**
 * 'Información de Persona' (spec 3 §2.4): personal, professional and contact data, the addresses
 * (only those with a street), zona, 'Invitado por', es-MX dates, '-' when missing, and the completeness
 * level with what is still missing for the next one.
 */
export function PersonaViewModal({
  persona,
  canEdit,
  onEdit,
  onClose,
}: {
  persona: PersonaResponse;
  canEdit: boolean;
  onEdit: () => void;
  onClose: () => void;
}) {
  const main = formatAddress({
    calle: persona.direccion_calle,
    numero: persona.direccion_numero,
    colonia: persona.direccion_colonia,
    ciudad: persona.direccion_ciudad,
    estado: persona.direccion_estado,
  });
  const alternate = formatAddress({
    calle: persona.direccion_alterna_calle,
    numero: persona.direccion_alterna_numero,
    colonia: persona.direccion_alterna_colonia,
    ciudad: persona.direccion_alterna_ciudad,
    estado: persona.direccion_alterna_estado,
  });
  const addresses: Array<[string, ReactNode]> = [];
  if (main) addresses.push(['Dirección principal', <span data-testid="view-address-main">{main}</span>]);
  if (alternate) addresses.push(['Dirección alterna', <span data-testid="view-address-alternate">{alternate}</span>]);

  const level = persona.completeness_level;
  const next = NEXT_LEVEL[level];
  const office = formatOfficePhone(persona.telefono_oficina, persona.extension_oficina);

  return (
    <Modal title="Información de Persona" onClose={onClose} size="lg" testId="persona-view-modal">
      <div className="persona-view">
        <p className="persona-view__name" data-testid="view-name">
          {personaName(persona)}
        </p>

        <section
          className={`completeness-box completeness-box--${level}`}
          aria-labelledby="completeness-title"
          data-testid="view-completeness"
          data-level={level}
        >
          <h3 className="completeness-box__title" id="completeness-title">
            <span>Nivel de completitud:</span> <CompletenessDot level={level} withLabel />
          </h3>
          {next && persona.missing_fields.length > 0 ? (
            <>
              <p className="completeness-box__text">Para llegar a {COMPLETENESS_LABELS[next]} falta:</p>
              <ul className="completeness-box__list" data-testid="view-missing">
                {persona.missing_fields.map((field) => (
                  <li key={field}>{field}</li>
                ))}
              </ul>
            </>
          ) : (
            <p className="completeness-box__text">El perfil tiene todos los datos.</p>
          )}
        </section>

        <div className="persona-view__grid">
          <Group
            title="Información Personal"
            testId="view-personal"
            rows={[
              ['Nombre', dash(persona.nombre)],
              ['Apellido paterno', dash(persona.apellido_paterno)],
              ['Apellido materno', dash(persona.apellido_materno)],
              ['Profesión', dash(persona.profesion?.nombre)],
              ['Fecha de nacimiento', persona.fecha_nacimiento ? formatCalendarDate(persona.fecha_nacimiento) : '-'],
            ]}
          />
          <Group
            title="Información Profesional"
            testId="view-professional"
            rows={[
              ['Sector', dash(persona.sector?.nombre)],
              ['Empresa/Institución', dash(persona.empresa?.nombre)],
              ['Puesto', dash(persona.puesto?.nombre)],
              ['Particular / Asistente', dash(persona.particular_asistente)],
            ]}
          />
          <Group
            title="Información de Contacto"
            testId="view-contact"
            rows={[
              ['Teléfono oficina', dash(office)],
              ['Teléfono celular', dash(formatPhone(persona.telefono_celular))],
              [
                'Correo electrónico',
                persona.correo_electronico ? <EmailText className="cell-email" email={persona.correo_electronico} /> : dash(null),
              ],
            ]}
          />
          <Group
            title="Otra Información"
            testId="view-other"
            rows={[
              ['Zona', dash(persona.zona?.nombre)],
              ['Invitado por', dash(persona.invita)],
              ['Registrado', dateTime(persona.created_at)],
              ['Última actualización', dateTime(persona.updated_at)],
            ]}
          />
          {addresses.length > 0 ? <Group title="Direcciones" testId="view-addresses" rows={addresses} wide /> : null}
        </div>
      </div>
      <div className="form-actions modal__footer">
        {canEdit ? (
          <Button onClick={onEdit} data-testid="view-edit">
            Editar
          </Button>
        ) : null}
        <Button variant="primary" onClick={onClose}>
          Cerrar
        </Button>
      </div>
    </Modal>
  );
}
