import { useCallback, useState, type FormEvent } from 'react';
import { PRIVACY_NOTICE_LIMITS } from '@shared/contracts/privacy-notice.contract';
import { Alert } from '../../../components/ui/alert';
import { TextAreaField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { SectionTabs } from '../../../components/ui/section-tabs';
import { PRIVACY_SECTIONS } from '../../../lib/privacy-sections';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/config';
import { formatDateTime } from '../../../lib/format';
import { can } from '../../../lib/permissions';
import { toast } from '../../../lib/toast';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useReloadable } from '../../../lib/use-reloadable';
import { getNoticeVersions, publishNotice } from '../api/notice-versions-api';
import '../privacy-notice.css';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/**
 * The privacy notice's versions: the current one is what every public form shows and records; a change
 * is a new version (never an edit), so what each person accepted stays as they read it.
 */
export function NoticeVersionsPage() {
  useDocumentTitle('Aviso de privacidad');
  const { user } = useSession();
  const canPublish = can(user, 'privacidad', 'edit');
  const [texto, setTexto] = useState('');
  const { errors, submitting, submit } = useFormSubmit();

  // The form starts from the current version's text (once it is known; what was typed stays).
  const fetchVersions = useCallback(
    () =>
      getNoticeVersions().then(({ avisos }) => {
        setTexto((t) => t || avisos[0]?.texto || '');
        return avisos;
      }),
    [],
  );
  const { data: avisos, error, reload: load } = useReloadable(fetchVersions, 'No se pudieron cargar las versiones del aviso');

  const handleSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    await submit({
      problems: texto.trim() ? {} : { texto: ['El texto del aviso es obligatorio.'] },
      focusPrefix: 'aviso-',
      send: async () => {
        const { message } = await publishNotice(texto);
        toast.success(message);
        load();
      },
      refused: (err) => toast.error(errorMessage(err, 'No se pudo publicar el aviso')),
    });
  };

  return (
    <div className="notice-versions-page">
      <SectionTabs label="Privacidad" tabs={PRIVACY_SECTIONS} />
      <PageHeader
        title="Aviso de privacidad"
        subtitle="Cada formulario público guarda la versión que aceptó la persona y cuándo. Publicar una versión nueva no cambia lo ya aceptado."
      />
      {error ? <Alert kind="error">{error}</Alert> : null}
      {canPublish ? (
        <Card title="Publicar una versión nueva">
          <form onSubmit={handleSubmit} noValidate data-testid="notice-publish-form">
            <TextAreaField
              id="aviso-texto"
              label="Texto del aviso"
              hint="Texto simple; una línea en blanco separa los párrafos."
              value={texto}
              onValueChange={setTexto}
              errors={errors.texto}
              rows={10}
              maxLength={PRIVACY_NOTICE_LIMITS.texto}
            />
            <Button variant="primary" type="submit" disabled={submitting} data-testid="notice-publish">
              {submitting ? 'Publicando…' : 'Publicar versión nueva'}
            </Button>
          </form>
        </Card>
      ) : null}
      <Card title="Versiones publicadas">
        {!avisos ? (
          error ? null : (
            <Spinner label="Cargando versiones…" />
          )
        ) : (
          <ol className="notice-versions" data-testid="notice-versions">
            {avisos.map((a) => (
              <li key={a.version} className="notice-versions__item" data-testid="notice-version">
                <p className="notice-versions__head">
                  <strong>Versión {a.version}</strong>
                  {a.vigente ? <span className="badge badge--reg-registered">Vigente</span> : null}
                </p>
                <p className="notice-versions__meta">
                  Publicada el {formatDateTime(a.publicado_at)}
                  {a.publicado_por ? ` por ${a.publicado_por.name}` : ' (configuración inicial)'}
                </p>
                <details>
                  <summary>Ver el texto</summary>
                  <div className="privacy__text">{a.texto}</div>
                </details>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}
