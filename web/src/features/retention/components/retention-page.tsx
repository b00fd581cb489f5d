import { useState } from 'react';
import {
  RETENTION_ACTION_LABELS,
  RETENTION_KINDS,
  type RetentionReport,
  type RetentionRunResponse,
} from '@shared/contracts/retention.contract';
import { Alert } from '../../../components/ui/alert';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { PageHeader } from '../../../components/ui/page-header';
import { SectionTabs } from '../../../components/ui/section-tabs';
import { PRIVACY_SECTIONS } from '../../../lib/privacy-sections';
import { Spinner } from '../../../components/ui/spinner';
import { useReloadable } from '../../../lib/use-reloadable';
import { useSession } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/config';
import { formatDateTime } from '../../../lib/format';
import { can } from '../../../lib/permissions';
import { getRetentionReport, runRetention } from '../api/retention-api';
import '../retention.css';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

const number = (n: number) => n.toLocaleString('es-MX');

/** What a run changed, in words ('2 registros de eventos, 1 correo'), by the dry run's lines. */
function runSummary(run: RetentionRunResponse, report: RetentionReport): string {
  const parts = RETENTION_KINDS.filter((k) => run.conteos[k] > 0).map((k) => {
    const item = report.elementos.find((e) => e.clave === k);
    return `${item ? `${item.area} · ${item.datos}` : k}: ${number(run.conteos[k])}`;
  });
  return parts.length ? parts.join('; ') : 'Nada vencido';
}

/**
 * Conservación de datos: the dry run first — per area, what is past its period now and what a run does
 * to it — then, for those who may edit the 'privacidad' area, a button to run it now; the latest runs below. The
 * workers also run it every hour.
 */
export function RetentionPage() {
  useDocumentTitle('Conservación de datos');
  const { user } = useSession();
  const canRun = can(user, 'privacidad', 'edit');
  const { data: report, error, reload: load } = useReloadable(getRetentionReport, 'No se pudo cargar la conservación de datos');
  const [confirming, setConfirming] = useState(false);

  return (
    <div className="retention-page">
      <SectionTabs label="Privacidad" tabs={PRIVACY_SECTIONS} />
      <PageHeader
        title="Conservación de datos"
        subtitle="Los datos personales se guardan solo mientras sirven a su fin: al vencer su plazo se anonimizan, se purgan o se eliminan. Los conteos y las estadísticas se conservan."
        actions={
          <>
            {canRun ? (
              <Button variant="primary" disabled={!report} onClick={() => setConfirming(true)} data-testid="retention-run">
                Ejecutar ahora
              </Button>
            ) : null}
          </>
        }
      />
      {error ? <Alert kind="error">{error}</Alert> : null}
      {!report ? (
        error ? null : (
          <Spinner label="Calculando…" />
        )
      ) : (
        <>
          <Card
            title="Vista previa: lo que cambiaría una ejecución ahora"
            aside={
              <span className="retention-total" data-testid="retention-total">
                {report.total === 0 ? 'Nada vencido' : `${number(report.total)} por cambiar`}
              </span>
            }
          >
            <div className="table-wrap">
              <table className="table table--responsive retention-table" data-testid="retention-dry-run">
                <thead>
                  <tr>
                    <th scope="col">Área</th>
                    <th scope="col">Datos</th>
                    <th scope="col">Plazo</th>
                    <th scope="col">Acción</th>
                    <th scope="col" className="retention-table__count">
                      Por cambiar
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.elementos.map((e) => (
                    <tr key={e.clave} data-testid="retention-item" data-clave={e.clave}>
                      <td data-label="Área">{e.area}</td>
                      <td data-label="Datos">{e.datos}</td>
                      <td data-label="Plazo">
                        <div>
                          {e.plazo}
                          <span className="retention-table__muted">Antes del {formatDateTime(e.corte)}</span>
                        </div>
                      </td>
                      <td data-label="Acción">{RETENTION_ACTION_LABELS[e.accion]}</td>
                      <td data-label="Por cambiar" className="retention-table__count" data-testid="retention-pending">
                        {number(e.pendientes)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="retention-note">
              Anonimizar: los nombres quedan como «Anonimizado», el correo deja de ser una dirección real y se borran teléfono, CURP,
              domicilio y fecha de nacimiento; el registro, su estado, los lugares y los conteos se conservan. Calculado el{' '}
              {formatDateTime(report.generado_at)}
            </p>
          </Card>
          <Card title="Últimas ejecuciones" aside={null}>
            {report.ejecuciones.length === 0 ? (
              <p className="retention-note" data-testid="retention-runs-empty">
                Aún no hay ejecuciones que hayan cambiado algo.
              </p>
            ) : (
              <ul className="retention-runs" data-testid="retention-runs">
                {report.ejecuciones.map((r) => (
                  <li key={r.id} className="retention-runs__item">
                    <span className="retention-runs__when">{formatDateTime(r.created_at)}</span>
                    <span>
                      {r.origen === 'manual' ? `Manual${r.usuario ? ` (${r.usuario.name})` : ''}` : 'Programada'} · {number(r.total)}{' '}
                      {r.total === 1 ? 'cambio' : 'cambios'}
                    </span>
                    <span className="retention-table__muted">{runSummary(r, report)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
      {confirming && report ? (
        <ConfirmModal
          title="Ejecutar la conservación de datos"
          confirmLabel="Ejecutar ahora"
          busyLabel="Ejecutando…"
          errorFallback="No se pudo ejecutar la conservación de datos"
          action={async () => {
            const { message } = await runRetention();
            load();
            return message;
          }}
          onClose={() => setConfirming(false)}
          testId="retention-confirm"
          confirmTestId="retention-confirm-run"
        >
          <p>
            Se cambiarán {number(report.total)} registros según la vista previa (o los que hayan vencido desde entonces). Anonimizar no se
            puede deshacer.
          </p>
        </ConfirmModal>
      ) : null}
    </div>
  );
}
