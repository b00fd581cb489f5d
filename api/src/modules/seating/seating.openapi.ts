import { CONFIRMACIONES, ESTADOS_EVENTO_INTERNO } from '@shared/contracts/internal-events.contract';
import type { MassAssignmentStatus } from '@shared/contracts/seating.contract';
import { S, schemas } from '@core/http/openapi-answers';

const MASS_STATUSES: readonly MassAssignmentStatus[] = ['queued', 'processing', 'completed', 'failed'];
const MASS_ID = '3f2b8c1e-5d4a-4e6b-9c7d-2a1b0c9d8e7f';
const version = S.text(
  '42',
  'Versión del mapa de asientos del evento (entero en texto); crece con cada cambio y los cambios empujados traen la siguiente.',
);

/** A space with its sections, each as the named section schema (the map's, or with every seat). */
const espacio = (seccion: string) =>
  S.object({
    id: S.int(1),
    nombre: S.text('Auditorio Municipal Luis Elizondo'),
    layout_config: S.nullable(S.text('3,2', 'Secciones por fila, separadas por comas; vacío o inválido: dos por fila.')),
    capacidad_total: S.int(608, 'Suma de filas × asientos_por_fila de sus secciones.'),
    secciones: S.list({ $ref: `#/components/schemas/${seccion}` }, 'En el orden de la organización del espacio.'),
  });

/** A section as both of its shapes (the map's, with every seat) describe it. */
const sectionFields = {
  nombre: S.text('Platea Central'),
  codigo: S.text('PC'),
  color: S.text('#10B981'),
  orden: S.int(0, 'Posición de la sección en el espacio.'),
  filas: S.int(14),
  asientos_por_fila: S.int(16),
};

/** What both shapes of an assignment (the list's, the map's) say besides the seat and the person. */
const assignmentState = {
  estado: S.oneOf(['asignado'], 'Siempre «asignado».'),
  attendance_status: S.oneOf(CONFIRMACIONES, 'Confirmación del asistente en el evento.'),
  asignacion_masiva_id: S.nullable({
    ...S.text(MASS_ID, 'La asignación masiva que dio el asiento; null si se asignó uno por uno.'),
    format: 'uuid',
  }),
};

export const SeatingSchemas = schemas({
  SeccionDelMapa: S.object({
    id: S.int(3),
    ...sectionFields,
    seat_ids: {
      ...S.list(
        S.nullable(S.int(1201)),
        'Ids de los asientos por filas: el índice (fila − 1) × asientos_por_fila + (número − 1); null = lugar sin asiento registrado. ' +
          'Las etiquetas (fila y número) se calculan en el cliente y no se envían.',
      ),
      example: [1201, 1202, null, 1204],
    },
  }),
  EspacioDelMapa: espacio('SeccionDelMapa'),
  AsignacionDeAsiento: S.object({
    id: S.int(87),
    asiento_id: S.int(1201),
    persona: S.object({
      id: S.int(15),
      nombre_completo: S.text('JOSÉ ÁNGEL GARZA PEÑA'),
      empresa_id: S.nullable(S.int(4)),
      empresa: S.nullable(S.text('CERVECERÍA DEL NORTE')),
      puesto: S.nullable(S.text('DIRECTOR GENERAL')),
      sector_id: S.nullable(S.int(2)),
      sector: S.nullable(S.text('INDUSTRIA')),
    }),
    ...assignmentState,
  }),
  AsientoDelMapa: S.object({
    id: S.nullable(S.int(1201, 'Id del asiento; null: lugar de la sección sin asiento registrado (no se puede asignar).')),
    seccion_id: S.int(3),
    fila: S.int(2, 'Fila dentro de la sección, desde 1.'),
    numero: S.int(5, 'Número dentro de la fila de la sección, desde 1.'),
    codigo: S.text('B-5', 'Letra de fila y número de asiento en el espacio (motor de etiquetas de asiento).'),
    displayCode: S.text('PC-B-5', 'Código de la sección, letra de fila y número: lo que muestra el mapa.'),
    asignacion: S.nullable({ $ref: '#/components/schemas/AsignacionDelAsiento' }, 'Quién ocupa el asiento, o null si está libre.'),
  }),
  AsignacionDelAsiento: S.object({
    id: S.int(87),
    persona: S.object({
      id: S.int(15),
      nombre_completo: S.text('JOSÉ ÁNGEL GARZA PEÑA'),
      empresa_id: S.nullable(S.int(4)),
      empresa: S.nullable(S.object({ id: S.int(4), nombre: S.text('CERVECERÍA DEL NORTE') })),
      puesto: S.nullable(S.object({ nombre: S.text('DIRECTOR GENERAL') })),
      sector_id: S.nullable(S.int(2)),
      sector: S.nullable(S.object({ id: S.int(2), nombre: S.text('INDUSTRIA') })),
    }),
    ...assignmentState,
  }),
  SeccionConAsientos: S.object({
    id: S.int(3),
    espacio_id: S.int(1),
    ...sectionFields,
    asientos: S.list(
      { $ref: '#/components/schemas/AsientoDelMapa' },
      'Todos los lugares de la sección, fila por fila y asiento por asiento (filas × asientos_por_fila).',
    ),
  }),
  EspacioConAsientos: espacio('SeccionConAsientos'),
  AsignacionMasiva: S.object({
    id: { ...S.text(MASS_ID), format: 'uuid' },
    job_id: S.text(`mass-assign-${MASS_ID}`, 'Id del trabajo en la cola.'),
    evento_interno_id: S.int(5),
    seccion_id: S.int(3),
    status: S.oneOf(MASS_STATUSES, 'queued: en la cola; processing: en proceso; completed: terminada; failed: falló tras los reintentos.'),
    total: S.int(120, 'Personas distintas elegidas.'),
    processed: S.int(120, 'Personas ya procesadas.'),
    assigned_count: S.int(118),
    failed_count: S.int(2),
    message: S.nullable(S.text('Se asignaron 118 personas exitosamente. 2 no pudieron ser asignadas.', 'Resultado, al terminar.')),
    failure_reasons: S.list(
      S.object({
        persona_id: S.int(31),
        nombre: S.text('MARÍA FERNANDA LÓPEZ RUIZ', 'Nombre completo; vacío si la persona no existe.'),
        motivo: S.text('No hay asientos disponibles en la sección.'),
      }),
      'Por qué no se asignó a cada persona (hasta 500, por id de persona).',
    ),
    created_at: S.date(),
    finished_at: S.nullable(S.date('Cuándo terminó (completada o fallida).')),
    undone_at: S.nullable(S.date('Cuándo se deshizo.')),
    released_count: S.nullable(S.int(118, 'Asientos liberados al deshacerla.')),
  }),
});

const Sc = SeatingSchemas;

/** What both forms of the seating map carry around the map itself. */
const mapEnvelope = {
  evento: S.object({
    id: S.int(5),
    titulo: S.text('Informe de Gobierno 2026'),
    fecha_evento: S.date(),
    estado: S.oneOf(ESTADOS_EVENTO_INTERNO),
  }),
  version,
  totals: S.object({
    asientos: S.int(600, 'Asientos registrados en los espacios del evento.'),
    asignados: S.int(118, 'Asientos asignados.'),
  }),
  last_mass_assignment: S.nullable(
    Sc.AsignacionMasiva,
    'La última asignación masiva del evento (para su avance y para deshacerla), o null si no tiene.',
  ),
};

const MapSchemas = schemas({
  MapaDeAsientos: S.object(
    {
      formato: S.oneOf(['completo'], 'La forma de la especificación (por omisión).'),
      ...mapEnvelope,
      seating_map: S.list(Sc.EspacioConAsientos, 'Los espacios del evento: secciones y asientos.'),
    },
    'Forma de la especificación (spec 2 §3, §7), la respuesta por omisión.',
  ),
  MapaDeAsientosCompacto: S.object(
    {
      formato: S.oneOf(['compacto'], 'La forma compacta (formato=compacto).'),
      ...mapEnvelope,
      seating_map: S.list(Sc.EspacioDelMapa, 'Los espacios del evento con sus secciones.'),
      asignaciones: S.list(Sc.AsignacionDeAsiento, 'Todas las asignaciones del evento, por id.'),
    },
    'Forma compacta (formato=compacto): ids de asiento por sección; las etiquetas se calculan con el motor de etiquetas.',
  ),
});

export const SeatingAnswers = {
  map: {
    oneOf: [MapSchemas.MapaDeAsientos, MapSchemas.MapaDeAsientosCompacto],
    discriminator: {
      propertyName: 'formato',
      mapping: { completo: MapSchemas.MapaDeAsientos.$ref, compacto: MapSchemas.MapaDeAsientosCompacto.$ref },
    },
  },
  assigned: S.object({ message: S.message('Asiento asignado exitosamente'), asignacion: Sc.AsignacionDeAsiento, version }),
  released: S.object({ message: S.message('Asiento liberado exitosamente'), version }),
  massQueued: S.object({
    message: S.message('Asignación masiva en proceso.'),
    job_id: S.text(`mass-assign-${MASS_ID}`),
    mass_assignment: Sc.AsignacionMasiva,
  }),
  mass: S.object({ mass_assignment: Sc.AsignacionMasiva }),
  undone: S.object({
    message: S.message('Asignación masiva deshecha: 118 asientos liberados.'),
    released_count: S.int(118),
    version,
  }),
};
