import { useEffect, useMemo, useState } from 'react';
import {
  ARCO_STATUS_LABELS,
  ARCO_TYPE_LABELS,
  PERSONAL_DATA_SOURCE_LABELS,
  personalFieldLabel,
  RECTIFIABLE_FIELDS,
  type ArcoCorrection,
  type ArcoRequestDetail,
  type ArcoResolution,
  type PersonalRecord,
  type RectifiableSource,
} from '@shared/contracts/privacy.contract';
import { Alert } from '../../../components/ui/alert';
import { DetailsList } from '../../../components/ui/details';
import { TextAreaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ModalConfirmFooter } from '../../../components/ui/modal-footer';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { getArcoRequest, resolveArcoRequest } from '../api/privacy-api';
import { applyArcoRequest } from '../stores/arco-store';

/** What «procedente» does, by type: the staff read it before the one click. */
const EFFECT: Record<ArcoRequestDetail['tipo'], string> = {
  acceso:
    'Se arma un archivo (HTML y JSON) con todo lo que se tiene de este correo y se le envía un enlace de descarga que vence en 15 días.',
  rectificacion: 'Se corrigen los campos que cambies abajo, en el área donde vive cada dato.',
  cancelacion:
    'Se anonimizan todos sus registros en todas las áreas (los conteos y estadísticas se conservan) y se purgan sus correos. No se puede deshacer.',
  oposicion: 'El correo entra a la lista de supresión: no recibirá más correos (salvo respuestas a solicitudes ARCO).',
};

const label = personalFieldLabel;
const key = (r: PersonalRecord, field: string) => `${r.fuente}:${r.id}:${field}`;

/** One request: what it asks, what is held about its address in each area, and its resolution by type. */
export function ArcoResolveModal({ id, canResolve, onClose }: { id: number; canResolve: boolean; onClose: () => void }) {
  const [detail, setDetail] = useState<ArcoRequestDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [resultado, setResultado] = useState<ArcoResolution>('procedente');
  const [respuesta, setRespuesta] = useState('');
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  useEffect(() => {
    getArcoRequest(id).then(
      ({ solicitud }) => setDetail(solicitud),
      (e: unknown) => setLoadError(errorMessage(e, 'No se pudo cargar la solicitud')),
    );
  }, [id]);

  const pending = detail?.status === 'pendiente' && canResolve;
  const rectifiable = detail?.tipo === 'rectificacion' && resultado === 'procedente';
  const correcciones = useMemo<ArcoCorrection[]>(() => {
    if (!detail) return [];
    return detail.registros.flatMap((r) =>
      r.fuente === 'correos'
        ? []
        : RECTIFIABLE_FIELDS[r.fuente as RectifiableSource]
            .filter((f) => edits[key(r, f)] !== undefined && edits[key(r, f)] !== (r.campos[f] ?? ''))
            .map((f) => ({ fuente: r.fuente as RectifiableSource, id: r.id, campo: f, valor: edits[key(r, f)] })),
    );
  }, [detail, edits]);

  const resolve = async () => {
    if (!detail) return;
    setSending(true);
    setFailure(null);
    try {
      const { solicitud, message } = await resolveArcoRequest(detail.id, {
        resultado,
        ...(respuesta.trim() ? { respuesta: respuesta.trim() } : {}),
        ...(rectifiable ? { correcciones } : {}),
      });
      applyArcoRequest(solicitud);
      toast.success(message);
      onClose();
    } catch (e) {
      setErrors(fieldErrors(e));
      setFailure(errorMessage(e, 'No se pudo resolver la solicitud'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal title={detail ? `Solicitud ${detail.folio}` : 'Solicitud'} onClose={onClose} testId="arco-modal" size="lg">
      {loadError ? <Alert kind="error">{loadError}</Alert> : null}
      {!detail && !loadError ? <Spinner label="Cargando solicitud…" /> : null}
      {detail ? (
        <>
          <DetailsList
            rows={[
              ['Tipo', ARCO_TYPE_LABELS[detail.tipo]],
              ['Persona', `${detail.nombre} · ${detail.email}`],
              ['Estado', ARCO_STATUS_LABELS[detail.status]],
              ['Recibida', detail.recibida_at ? formatDateTime(detail.recibida_at) : '—'],
              ['Fecha límite', detail.fecha_limite ? formatDate(`${detail.fecha_limite}T18:00:00Z`) : '—'],
              ...(detail.descripcion ? ([['Descripción', detail.descripcion]] as Array<[string, string]>) : []),
              ...(detail.respuesta ? ([['Respuesta', detail.respuesta]] as Array<[string, string]>) : []),
            ]}
          />
          {detail.status === 'pendiente' ? (
            <section aria-labelledby="arco-records-title">
              <h2 id="arco-records-title" className="card__title">
                Datos de este correo ({detail.registros.length})
              </h2>
              <div className="arco-resolve__records" data-testid="arco-records">
                {detail.registros.length === 0 ? <p>No hay datos asociados a este correo.</p> : null}
                {detail.registros.map((r) => (
                  <div className="arco-resolve__record" key={`${r.fuente}:${r.id}`} data-testid="arco-record" data-fuente={r.fuente}>
                    <h3>
                      {PERSONAL_DATA_SOURCE_LABELS[r.fuente]}
                      {r.referencia ? ` · ${r.referencia}` : ''}
                    </h3>
                    <div className="arco-resolve__fields">
                      {Object.entries(r.campos).map(([f, v]) => {
                        const editable =
                          rectifiable && r.fuente !== 'correos' && RECTIFIABLE_FIELDS[r.fuente as RectifiableSource].includes(f);
                        const inputId = `arco-fix-${r.fuente}-${r.id}-${f}`;
                        return editable ? (
                          <div className="field" key={f}>
                            <label className="field__label" htmlFor={inputId}>
                              {label(f)}
                            </label>
                            <input
                              id={inputId}
                              className="input"
                              value={edits[key(r, f)] ?? v ?? ''}
                              onChange={(e) => setEdits((prev) => ({ ...prev, [key(r, f)]: e.target.value }))}
                            />
                          </div>
                        ) : (
                          <div key={f}>
                            <strong>{label(f)}:</strong> {v === null || v === '' ? '—' : v}
                          </div>
                        );
                      })}
                    </div>
                  </div>
                ))}
              </div>
            </section>
          ) : null}
          {pending ? (
            <>
              <fieldset className="arco-resolve__choice">
                <legend>Resultado</legend>
                {(['procedente', 'improcedente'] as const).map((r) => (
                  <label key={r}>
                    <input
                      type="radio"
                      name="arco-resultado"
                      value={r}
                      checked={resultado === r}
                      onChange={() => setResultado(r)}
                      data-testid={`arco-${r}`}
                    />{' '}
                    {r === 'procedente' ? 'Procede' : 'No procede'}
                  </label>
                ))}
              </fieldset>
              <Alert kind="info">
                {resultado === 'procedente' ? EFFECT[detail.tipo] : 'Se le envía tu respuesta con el motivo; no se cambia ningún dato.'}
              </Alert>
              <TextAreaField
                id="arco-respuesta"
                label={resultado === 'improcedente' ? 'Motivo (la persona lo leerá)' : 'Mensaje para la persona (opcional)'}
                value={respuesta}
                onValueChange={setRespuesta}
                errors={errors.respuesta}
                rows={3}
              />
              {Object.entries(errors)
                .filter(([k]) => k.startsWith('correcciones'))
                .map(([k, msgs]) => (
                  <Alert kind="error" key={k}>
                    {msgs.join(' ')}
                  </Alert>
                ))}
              {failure ? <Alert kind="error">{failure}</Alert> : null}
              <ModalConfirmFooter
                onCancel={onClose}
                onConfirm={() => void resolve()}
                confirmDisabled={sending || (rectifiable && correcciones.length === 0)}
                confirmTestId="arco-resolve"
              >
                {sending ? 'Resolviendo…' : 'Resolver y notificar'}
              </ModalConfirmFooter>
            </>
          ) : null}
        </>
      ) : null}
    </Modal>
  );
}
