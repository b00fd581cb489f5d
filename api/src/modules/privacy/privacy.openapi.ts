import { ARCO_STATUSES, ARCO_TYPES, PERSONAL_DATA_SOURCES } from '@shared/contracts/privacy.contract';
import { S, schemas } from '@core/http/openapi-answers';

const request = {
  id: S.int(12),
  folio: S.text('ARCO-2026-000012', 'Referencia de la solicitud para la persona.'),
  tipo: S.oneOf(ARCO_TYPES),
  nombre: S.text('María Treviño Salinas'),
  email: S.text('maria.trevino@correo.mx'),
  descripcion: S.nullable(S.text('Mi apellido materno es SALINAS.')),
  status: S.oneOf(ARCO_STATUSES),
  recibida_at: S.nullable(S.date('Cuando se confirmó la dirección: la recepción legal.')),
  fecha_limite: S.nullable(S.text('2026-12-15', 'Último día para responder (AAAA-MM-DD, días hábiles: LGPDPPSO art. 51).')),
  dias_habiles_restantes: S.nullable(S.int(12, 'Días hábiles hasta la fecha límite (negativo: vencida); null si ya se resolvió.')),
  resuelta_at: S.nullable(S.date()),
  respuesta: S.nullable(S.text('Corregimos tu apellido materno.')),
  created_at: S.date(),
};

export const PrivacySchemas = schemas({
  SolicitudArco: S.object(request, 'Una solicitud ARCO como la ve el personal de privacidad.'),
  RegistroPersonal: S.object(
    {
      fuente: S.oneOf(PERSONAL_DATA_SOURCES),
      id: S.int(7),
      referencia: S.nullable(S.text('Feria del Empleo Monterrey 2026', 'El evento o programa del registro (o el asunto del correo).')),
      campos: S.map(S.nullable(S.text('GARZA')), 'Campo → valor.'),
      created_at: S.date(),
    },
    'Un registro con datos de la persona en un área.',
  ),
});

/** The access export in JSON (the HTML says the same, readable). */
export const ExportSchema = S.object(
  {
    generado_at: S.date(),
    email: S.text('maria.trevino@correo.mx'),
    responsable: S.text('Gobierno Municipal de Monterrey'),
    registros: S.list(PrivacySchemas.RegistroPersonal),
  },
  'Todo lo que se tiene de la dirección, por área.',
);

const P = PrivacySchemas;
export const PrivacyAnswers = {
  filed: S.object({
    message: S.message(
      'Recibimos tu solicitud. Te enviamos un correo con un enlace para confirmar tu dirección; tu solicitud se atiende cuando la confirmes.',
    ),
  }),
  confirmView: S.object({
    folio: S.text('ARCO-2026-000012'),
    tipo: S.text('Acceso', 'El tipo, como se lee.'),
    confirmada: S.bool(false),
  }),
  confirmed: S.object({
    message: S.message('Confirmamos tu solicitud.'),
    folio: S.text('ARCO-2026-000012'),
    fecha_limite: S.nullable(S.text('2026-12-15')),
  }),
  page: S.object({ solicitudes: S.list(P.SolicitudArco), total: S.int(3), page: S.int(1), page_size: S.int(20) }),
  detail: S.object({ solicitud: { allOf: [P.SolicitudArco, S.object({ registros: S.list(P.RegistroPersonal) })] } }),
  resolved: S.object({ message: S.message('Solicitud resuelta; se notificó a la persona.'), solicitud: P.SolicitudArco }),
  unsubscribeView: S.object({ email: S.text('m••••@correo.mx', 'La dirección, enmascarada.'), suprimido: S.bool(false) }),
  unsubscribed: S.object({ message: S.message('Listo: no enviaremos más correos a esta dirección.') }),
  info: S.object({ plazo_dias_habiles: S.int(20, 'Días hábiles para responder (LGPDPPSO art. 51).') }),
};
