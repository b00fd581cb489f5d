import { S, schemas } from '@core/http/openapi-answers';
import { MAIL_REF_TYPES, MAIL_STATUSES } from '@shared/contracts/mail.contract';

const correoFields = {
  id: S.int(12),
  template: S.text('registro.confirmacion'),
  to_email: S.text('rosa.villarreal@correo.mx'),
  to_name: S.nullable(S.text('Rosa María Villarreal')),
  subject: S.nullable(S.text('Registro confirmado: Festival de la Luz', 'Vacío mientras no se ha renderizado.')),
  status: S.oneOf(MAIL_STATUSES, 'queued, sending, sent, failed o stored (sin SMTP_URL: guardado sin enviar).'),
  attempts: S.int(1, 'Intentos de envío hechos.'),
  last_error: S.nullable(S.text('Rechazo permanente del servidor SMTP: 550 5.1.1 Buzón inexistente')),
  ref_type: S.nullable(S.oneOf(MAIL_REF_TYPES)),
  ref_id: S.nullable(S.int(3)),
  ref_label: S.nullable(S.text('Festival de la Luz', 'El título del evento o programa según los datos del mensaje.')),
  message_id: S.nullable(S.text('<correo-12.3f2a9c0d1e4b5a6f@aforo.local>', 'El mismo en cada intento.')),
  created_at: S.date(),
  updated_at: S.date(),
  sent_at: S.nullable(S.date('Cuando el servidor lo aceptó (o se guardó, sin SMTP_URL).')),
};

export const MailSchemas = schemas({
  Correo: S.object(correoFields, 'Un mensaje, sin su contenido.'),
  CorreoDetalle: S.object(
    {
      ...correoFields,
      html: S.text('<!DOCTYPE html><html lang="es">…', 'La parte HTML tal como la recibe la persona.'),
      text: S.text('Gobierno Municipal de Monterrey…', 'La parte de texto.'),
      attachments: S.list(S.object({ filename: S.text('evento.ics'), content_type: S.text('text/calendar'), inline: S.bool(false) })),
      hidden_links: S.int(
        1,
        'Enlaces firmados (cancelar, aceptar un lugar) que se muestran como «[enlace oculto]», inertes: quien lee no podría hacer esa acción desde el panel.',
      ),
    },
    'Un mensaje con lo que recibe la persona.',
  ),
});

export const MailAnswers = {
  list: S.object({
    correos: S.list(MailSchemas.Correo),
    total: S.int(40),
    page: S.int(1),
    page_size: S.int(25),
  }),
  refs: S.object({
    referencias: S.list(
      S.object({ ref_type: S.oneOf(MAIL_REF_TYPES), ref_id: S.int(3), label: S.text('Festival de la Luz'), total: S.int(18) }),
    ),
  }),
  detail: S.object({ correo: MailSchemas.CorreoDetalle }),
  resent: S.object({ correo: MailSchemas.Correo, message: S.message('El correo se puso en cola para enviarse de nuevo') }),
};
