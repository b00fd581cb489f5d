import { DOOR_DIRECTIONS, DOOR_KINDS, DOOR_RESULTS } from '@shared/contracts/door.contract';
import { S, schemas, type JsonSchema } from '@core/http/openapi-answers';

/** An object whose `optional` properties may be absent. */
const partly = (properties: Record<string, JsonSchema>, optional: string[], description?: string): JsonSchema => ({
  type: 'object',
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  properties,
  description,
});
/** A schema of another area, by its name in the document (the door names no area's module). */
const named = (name: string, description?: string): JsonSchema => ({ allOf: [{ $ref: `#/components/schemas/${name}` }], description });

const occupancySummary = S.object({
  inside: S.int(412, 'Personas dentro ahora.'),
  capacity: S.nullable(S.int(500, 'Aforo máximo del recinto (límite de seguridad); null si el evento no tiene.')),
});

const scanFields = {
  scan_id: { type: 'string', format: 'uuid', example: '3f2b8c1e-5d4a-4e6b-9c7d-2a1b0c9d8e7f' },
  result: S.oneOf(
    DOOR_RESULTS,
    'admitted, exited, already_inside, not_inside, full, conflict; cancelled (registro cancelado); unknown (solo en lotes).',
  ),
  message: S.message('Asistencia registrada: JOSÉ ÁNGEL GARZA PEÑA'),
  gate: S.text('Puerta Norte'),
  direction: S.oneOf(DOOR_DIRECTIONS),
  scanned_at: S.date('Cuándo se escaneó (el del dispositivo, nunca en el futuro).'),
  replayed: S.bool(false, 'Verdadero si ese scan_id ya se había aplicado: la respuesta guardada, sin cambios.'),
  occupancy: occupancySummary,
  person: S.object(
    { id: S.int(7), nombre: S.text('JOSÉ ÁNGEL'), nombre_completo: S.text('JOSÉ ÁNGEL GARZA PEÑA') },
    'Para comparar con una identificación (cuando el código es de alguien).',
  ),
};

const gates = S.list(S.object({ gate: S.text('Puerta Norte'), in: S.int(230), out: S.int(41) }), 'Entradas y salidas por puerta.');
const occupancyFields = {
  kind: S.oneOf(DOOR_KINDS),
  event_id: S.int(1),
  inside: S.int(412),
  capacity: S.nullable(S.int(500)),
  level: S.int(80, 'Nivel de alarma alcanzado (uno de `levels`), 0 debajo del primero.'),
  levels: S.list(S.int(80), 'Niveles de alarma configurados (DOOR_ALARM_LEVELS).'),
  entry_stopped: S.bool(false, 'En el aforo máximo y sin autorización: la puerta responde full.'),
  stop_lifted: S.bool(false, 'Un supervisor autorizó seguir entrando sobre el aforo máximo.'),
  gates,
  sections: S.list(
    S.object({ seccion_id: S.int(3), nombre: S.text('Platea'), inside: S.int(40), seats: S.int(120) }),
    'Por sección del espacio (eventos internos con espacio).',
  ),
  conflicts: S.int(0, 'Escaneos en conflicto (la lista del supervisor).'),
  version: S.text('57', 'Crece con cada cambio: un aviso con una menor es más viejo.'),
  at: S.date(),
};

export const DoorSchemas = schemas({
  EscaneoPuerta: partly(scanFields, ['person'], 'La respuesta de la puerta a un escaneo.'),
  EscaneoPuertaInterno: partly(
    {
      ...scanFields,
      asistente: named('Asistente', 'La persona invitada (respuesta de siempre del registro de asistencia).'),
      seat_assigned: S.nullable({ $ref: '#/components/schemas/AsientoDelEvento' }, 'El asiento dado en la entrada.'),
      already_checked_in: S.bool(false, 'Verdadero si ya tenía su asistencia registrada.'),
    },
    ['person', 'asistente', 'seat_assigned', 'already_checked_in'],
    'La respuesta de la puerta de un evento interno (con los campos de siempre).',
  ),
  AforoPuerta: partly(occupancyFields, ['sections'], 'Ocupación del recinto ahora.'),
});

export const DoorAnswers = {
  scan: DoorSchemas.EscaneoPuerta,
  internalScan: DoorSchemas.EscaneoPuertaInterno,
  batch: S.object({
    results: S.list(DoorSchemas.EscaneoPuerta, 'Uno por escaneo, en el orden enviado (se aplican por scanned_at).'),
    occupancy: occupancySummary,
  }),
  internalBatch: S.object({
    results: S.list(DoorSchemas.EscaneoPuertaInterno, 'Uno por escaneo, en el orden enviado (se aplican por scanned_at).'),
    occupancy: occupancySummary,
  }),
  occupancy: partly(
    {
      ...occupancyFields,
      evento: S.object(
        { titulo: S.text('Festival de la Luz'), fecha_evento: S.date('Inicio del evento.') },
        'El evento, para el encabezado del tablero de aforo.',
      ),
      series: S.list(S.object({ at: S.date(), inside: S.int(398) }), 'Personas dentro al final de cada minuto de la última hora.'),
    },
    ['sections'],
  ),
  codes: S.object({
    kind: S.oneOf(DOOR_KINDS),
    event_id: S.int(1),
    algorithm: S.oneOf(['SHA-256']),
    salt: S.text('9b1f0c6e2d7a4b3c8e5f1a2b3c4d5e6f', 'Del evento; el dispositivo calcula SHA-256 de `${salt}:${CÓDIGO}` en hexadecimal.'),
    codes: S.list(S.object({ hash: S.text('5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8'), inside: S.bool(false) })),
    generated_at: S.date(),
  }),
  conflicts: S.object({
    conflicts: S.list(
      S.object({
        scan_id: S.text('3f2b8c1e-5d4a-4e6b-9c7d-2a1b0c9d8e7f'),
        gate: S.text('Puerta Sur'),
        scanned_at: S.date(),
        received_at: S.date(),
        person: S.nullable(S.object({ id: S.int(7), nombre: S.text('JOSÉ ÁNGEL'), nombre_completo: S.text('JOSÉ ÁNGEL GARZA PEÑA') })),
        admitted_by: S.nullable(
          S.object({
            scan_id: S.nullable(S.text('0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f')),
            gate: S.text('Puerta Norte'),
            scanned_at: S.date(),
          }),
        ),
      }),
      'Del más reciente al más antiguo.',
    ),
  }),
  stop: S.object({ message: S.message('Entrada autorizada sobre el aforo máximo.'), occupancy: DoorSchemas.AforoPuerta }),
  emptied: S.object({
    message: S.message('Recinto vaciado: 412 persona(s) marcadas fuera.'),
    count: S.int(412),
    occupancy: DoorSchemas.AforoPuerta,
  }),
};
