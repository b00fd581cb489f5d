import { S, schemas } from '@core/http/openapi-answers';

export const SpacesSchemas = schemas({
  Seccion: S.object({
    id: S.int(3),
    espacio_id: S.int(1),
    nombre: S.text('Platea Central'),
    codigo: S.text('PC'),
    color: S.text('#10B981'),
    orden: S.int(0, 'Posición de la sección en el espacio (y en su fila de la organización).'),
    filas: S.int(14),
    asientos_por_fila: S.int(16),
    posicion_x: S.int(0),
    posicion_y: S.int(10),
    precio_base: S.nullable(S.num(150)),
    total_asientos: S.int(224, 'filas × asientos_por_fila.'),
  }),
  Espacio: S.object({
    id: S.int(1),
    nombre: S.text('Auditorio Municipal Luis Elizondo'),
    descripcion: S.nullable(S.text('Auditorio principal.')),
    layout_config: S.nullable(S.text('3,2', 'Secciones por fila, separadas por comas; vacío o inválido: dos por fila.')),
    pasillos: S.list({}, 'Lista libre (la especificación no la describe).'),
    is_active: S.bool(true),
    secciones: S.list({ $ref: '#/components/schemas/Seccion' }),
    secciones_count: S.int(5),
    capacidad_total: S.int(608),
    eventos_internos_count: S.int(2, 'Eventos internos que usan el espacio.'),
    created_by: S.nullable(S.int(1)),
    creator: S.nullable(S.object({ id: S.int(1), name: S.text('Administrador General') })),
    created_at: S.date(),
    updated_at: S.date(),
    version: S.text('3', 'Crece con cada cambio del espacio.'),
  }),
});

const E = SpacesSchemas.Espacio;
export const SpacesAnswers = {
  list: S.object({ espacios: S.list(E) }),
  one: S.object({ espacio: E }),
  saved: (message: string) => S.object({ espacio: E, message: S.message(message) }),
  toggled: S.object({ espacio: E, is_active: S.bool(true), message: S.message('Espacio activado exitosamente') }),
};
