import { S, schemas } from '@core/http/openapi-answers';

export const PrivacyNoticeSchemas = schemas({
  AvisoPrivacidad: S.object(
    {
      version: S.int(2),
      texto: S.text('El Gobierno Municipal de Monterrey…'),
      publicado_at: S.date(),
      publicado_por: S.nullable(S.object({ id: S.int(1), name: S.text('María Garza') })),
      vigente: S.bool(true, 'La versión que ven hoy los formularios (la más reciente).'),
    },
    'Una versión publicada del aviso de privacidad; nunca se edita.',
  ),
});

export const PrivacyNoticeAnswers = {
  current: S.object({
    title: S.text('Aviso de Privacidad'),
    text: S.text('El Gobierno Municipal de Monterrey…'),
    version: S.int(2, 'La versión vigente: los formularios la envían en aviso_version.'),
    published_at: S.date(),
  }),
  list: S.object({ avisos: S.list(PrivacyNoticeSchemas.AvisoPrivacidad, 'De la más nueva a la más vieja.') }),
  published: S.object({ aviso: PrivacyNoticeSchemas.AvisoPrivacidad, message: S.message('Nueva versión del aviso publicada') }),
};
