import { S, schemas } from '@core/http/openapi-answers';
import { RETENTION_KINDS } from '@shared/contracts/retention.contract';

const counts = S.object(
  Object.fromEntries(RETENTION_KINDS.map((k) => [k, S.int(0)])),
  'Registros cambiados por tipo: anonimizados, correos purgados, archivos eliminados.',
);

export const RetentionSchemas = schemas({
  EjecucionConservacion: S.object(
    {
      id: S.int(4),
      origen: S.oneOf(['programada', 'manual'], 'programada (los workers, cada hora) o manual (el botón «Ejecutar ahora»).'),
      usuario: S.nullable(S.object({ id: S.int(1), name: S.text('María Garza') })),
      conteos: counts,
      total: S.int(37),
      created_at: S.date(),
    },
    'Una ejecución de la conservación de datos, con sus conteos (su línea de bitácora apunta aquí).',
  ),
});

export const RetentionAnswers = {
  report: S.object({
    generado_at: S.date(),
    elementos: S.list(
      S.object({
        clave: S.oneOf(RETENTION_KINDS),
        area: S.text('Eventos Externos'),
        datos: S.text('Registros'),
        accion: S.oneOf(['anonimizar', 'purgar', 'eliminar']),
        plazo: S.text('12 meses después de que termina el evento'),
        corte: S.date('Lo anterior a este instante ya pasó su plazo.'),
        pendientes: S.int(35, 'Cuántos cambiaría una ejecución ahora.'),
      }),
    ),
    total: S.int(37),
    ejecuciones: S.list(RetentionSchemas.EjecucionConservacion, 'Las últimas, de la más nueva a la más vieja.'),
  }),
  run: S.object({
    message: S.message('Conservación de datos ejecutada: 37 registros cambiados'),
    ejecucion: RetentionSchemas.EjecucionConservacion,
  }),
};
