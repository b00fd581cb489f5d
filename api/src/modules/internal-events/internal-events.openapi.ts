import {
  INVITATION_JOB_STATUSES,
  CONFIRMACIONES,
  CONFIRMATION_CODE_LENGTH,
  ESTADOS_EVENTO_INTERNO,
  TIPOS_EVENTO_INTERNO,
} from '@shared/contracts/internal-events.contract';
import { S, schemas } from '@core/http/openapi-answers';

const SEND_ID = '7c1e2a90-3b4d-4f5e-8a6b-1c2d3e4f5a6b';
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const maybeText = (example: string, description?: string) => S.nullable(S.text(example, description));
/** A named schema or null. */
const maybe = (schema: Record<string, unknown>, description?: string) => S.nullable(schema, description);

/** The attendee counters every view of the event carries (spec 2 §2). */
const counts = {
  asistentes_count: S.int(80, 'Personas invitadas.'),
  asistentes_confirmados_count: S.int(35, 'Invitaciones en confirmado.'),
  asistentes_pendientes_count: S.int(40, 'Invitaciones en pendiente.'),
  asistentes_asistieron_count: S.int(5, 'Invitaciones en asistio.'),
};

/** Fields of the event that anyone may see (the public page shows only these). */
const publicFields = {
  id: S.int(1),
  slug: S.text('informe-anual-de-actividades', 'Se fija al crear: cambiar el título no rompe los enlaces compartidos.'),
  titulo: S.text('Informe Anual de Actividades'),
  descripcion: maybeText('Presentación del informe anual ante el Cabildo, funcionarios y representantes de la sociedad civil.'),
  fecha_evento: S.date('Inicio del evento.'),
  fecha_fin: S.nullable(S.date('Fin del evento.')),
  ubicacion: maybeText('Auditorio Municipal Luis Elizondo'),
  tipo: S.oneOf(TIPOS_EVENTO_INTERNO),
  estado: S.oneOf(ESTADOS_EVENTO_INTERNO),
  ...counts,
  version: S.text('12', 'Crece con cada cambio del evento o de sus asistentes (ordena los avisos en vivo).'),
};

export const InternalEventsSchemas = schemas({
  SeccionDelEvento: S.object(
    {
      id: S.int(3),
      nombre: S.text('Platea Central'),
      codigo: S.text('PC'),
      color: S.text('#10B981'),
      capacidad: S.int(224, 'Asientos de la sección.'),
      asignados: S.int(18, 'Asientos de la sección ya asignados en este evento.'),
    },
    'Sección del espacio del evento, para elegir dónde dar un asiento.',
  ),
  EspacioDelEvento: S.object({
    id: S.int(1),
    nombre: S.text('Auditorio Municipal Luis Elizondo'),
    capacidad_total: S.int(608, 'Suma de la capacidad de sus secciones.'),
    secciones: S.list(ref('SeccionDelEvento'), 'En el orden del espacio.'),
  }),
  EventoInterno: S.object(
    {
      ...publicFields,
      notas: S.list(S.text('Confirmar el audio con Comunicación Social.')),
      permite_seleccion_asiento: S.bool(true, 'Falso si el evento no tiene espacio.'),
      espacios: S.list(ref('EspacioDelEvento'), 'El espacio del evento (uno o ninguno).'),
      intentos_fallidos_24h: S.int(0, 'Confirmaciones públicas con código equivocado en las últimas 24 horas.'),
      aforo_maximo: S.nullable(S.int(300, 'Aforo máximo del recinto (límite de seguridad de la puerta); null: sin límite.')),
      created_at: S.date(),
      updated_at: S.date(),
    },
    'Vista del personal.',
  ),
  EventoInternoPublico: S.object(publicFields, 'Vista pública: el evento y sus contadores, sin datos de ninguna persona.'),
  AsientoDelEvento: S.object(
    {
      asignacion_id: S.int(41),
      asiento_id: S.int(512),
      codigo: S.text('C-8', 'Fila y número del asiento.'),
      displayCode: S.text('PC-C-8', 'Código de la sección, fila y número.'),
      seccion: S.object({ id: S.int(3), nombre: S.text('Platea Central'), codigo: S.text('PC'), color: S.text('#10B981') }),
    },
    'Asiento de una persona en el evento.',
  ),
  Asistente: S.object(
    {
      id: S.int(7, 'Id de la persona.'),
      nombre: S.text('JOSÉ ÁNGEL'),
      apellido_paterno: S.text('GARZA'),
      apellido_materno: S.text('PEÑA'),
      nombre_completo: S.text('JOSÉ ÁNGEL GARZA PEÑA'),
      correo_electronico: maybeText('JOSE.GARZA@CORREO.MX'),
      telefono_celular: maybeText('8112345678'),
      telefono: maybeText('8183456789', 'Teléfono de oficina.'),
      empresa_id: S.nullable(S.int(4)),
      empresa: S.nullable(S.object({ id: S.int(4), nombre: S.text('CERVECERÍA DEL NORTE') })),
      puesto: S.nullable(S.object({ nombre: S.text('DIRECTOR') })),
      sector_id: S.nullable(S.int(2)),
      sector: S.nullable(S.object({ id: S.int(2), nombre: S.text('INDUSTRIA') })),
      pivot: S.object({
        confirmacion: S.oneOf(CONFIRMACIONES),
        confirmation_code: S.text('K7M2Q', `Código de invitación (${CONFIRMATION_CODE_LENGTH} caracteres, sin 0/O ni 1/I/L).`),
        invitacion_enviada_at: S.nullable(S.date('Cuándo se puso en cola su última invitación por correo; null si nunca.')),
      }),
      asiento: maybe(ref('AsientoDelEvento'), 'Su asiento en el espacio del evento, si tiene.'),
    },
    'Persona invitada al evento, con su confirmación y su asiento.',
  ),
  PersonaDisponible: S.object(
    {
      id: S.int(9),
      nombre_completo: S.text('LAURA CANTÚ ELIZONDO'),
      correo_electronico: maybeText('LAURA.CANTU@CORREO.MX'),
      empresa: maybeText('GOBIERNO MUNICIPAL DE MONTERREY'),
      puesto: maybeText('SECRETARIA TÉCNICA'),
    },
    'Persona aún no invitada al evento.',
  ),
  EnvioDeInvitaciones: S.object(
    {
      id: { ...S.text(SEND_ID), format: 'uuid' },
      job_id: S.text(`invitations-${SEND_ID}`, 'Id del trabajo en la cola.'),
      evento_interno_id: S.int(5),
      status: S.oneOf(
        INVITATION_JOB_STATUSES,
        'queued: en la cola; processing: en proceso; completed: terminado; failed: falló tras los reintentos.',
      ),
      total: S.int(120, 'Asistentes que nombra el envío.'),
      processed: S.int(120, 'Asistentes ya procesados.'),
      queued_count: S.int(118, 'Invitaciones puestas en cola (un correo cada una).'),
      skipped_count: S.int(2, 'Asistentes sin correo electrónico o que ya no están invitados.'),
      message: S.nullable(S.text('Se pusieron en cola 118 invitaciones.', 'Resultado, al terminar.')),
      created_at: S.date(),
      finished_at: S.nullable(S.date('Cuándo terminó (completado o fallido).')),
    },
    'Un envío de invitaciones por correo: un trabajo, su avance y sus conteos.',
  ),
});

const E = InternalEventsSchemas;
const invitationJob = S.object({ job: E.EnvioDeInvitaciones });
const catalogue = (nombre: string) => S.list(S.object({ id: S.int(1), nombre: S.text(nombre) }), 'Por nombre.');

export const InternalEventsAnswers = {
  invitationsQueued: S.object({ message: S.message('Envío de invitaciones en proceso.'), job: E.EnvioDeInvitaciones }),
  invitationJob,
  lastInvitationJob: S.object({ job: maybe(ref('EnvioDeInvitaciones'), 'El último envío del evento, o null si no tiene.') }),
  list: S.object({ eventos: S.list(E.EventoInterno, 'Del más reciente al más antiguo (por fecha del evento).') }),
  one: S.object({ evento: E.EventoInterno }),
  saved: (message: string) => S.object({ evento: E.EventoInterno, message: S.message(message) }),
  message: (message: string) => S.object({ message: S.message(message) }),
  asistentes: S.object({ asistentes: S.list(E.Asistente, 'Por apellidos y nombre.') }),
  assigned: S.object({
    assigned_count: S.int(3, 'Personas invitadas ahora (las ya invitadas o inexistentes se omiten).'),
    message: S.message('3 persona(s) asignada(s) exitosamente'),
    asistentes: S.list(E.Asistente, 'Las personas invitadas ahora, con su código.'),
  }),
  attendance: S.object({
    asistente: E.Asistente,
    seat_assigned: maybe(E.AsientoDelEvento, 'El asiento dado al pasar a asistio sin asiento.'),
    message: S.message('Estado actualizado exitosamente'),
  }),
  availablePersonas: S.object({
    personas: S.list(E.PersonaDisponible, 'Una página, en el orden de la lista de personas.'),
    total: S.int(118),
    page: S.int(1),
    per_page: S.int(50),
    last_page: S.int(3),
  }),
  seat: S.object({ seat_assigned: E.AsientoDelEvento, message: S.message('Asiento PC-C-8 asignado exitosamente') }),
  espacio: S.object({
    message: S.message('Espacio cambiado exitosamente'),
    released_count: S.int(0, 'Asientos liberados al cambiar de espacio.'),
    event: E.EventoInterno,
  }),
  /** 409 of assign-espacio: seats would be released; the client asks and repeats with replace_existing. */
  requiresConfirmation: S.object(
    {
      message: S.message(
        'Este evento tiene 18 asiento(s) asignado(s) en el espacio actual. Si cambias el espacio se liberarán todas las asignaciones. ¿Deseas continuar?',
      ),
      code: S.text('CONFLICT'),
      requires_confirmation: S.bool(true),
      assigned_seats: S.int(18, 'Asientos asignados que se liberarían.'),
    },
    'Cambiar el espacio liberaría asientos asignados: se repite con replace_existing: true para confirmar.',
  ),
  sectores: S.object({ sectores: catalogue('INDUSTRIA') }),
  empresas: S.object({ empresas: catalogue('CERVECERÍA DEL NORTE') }),
  publicPage: S.object({ evento: E.EventoInternoPublico }),
  publicConfirm: S.object({
    already_confirmed: S.bool(false, 'Verdadero si la invitación ya estaba confirmada.'),
    message: S.message('¡Asistencia confirmada exitosamente!'),
    persona: S.object({ nombre: S.text('JOSÉ ÁNGEL', 'Solo el nombre de quien confirma.') }),
  }),
};
