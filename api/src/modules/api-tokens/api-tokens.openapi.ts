import { S, schemas } from '@core/http/openapi-answers';
import { ACTIONS, AREAS } from '@shared/permissions';

const permissions = S.map(S.list(S.oneOf(ACTIONS)), `Acciones por área (${AREAS.join(', ')}).`);

export const ApiTokenSchemas = schemas({
  TokenDeApi: S.object(
    {
      id: S.int(3),
      name: S.text('Portal de transparencia'),
      prefix: S.text('afo_Xy3k', 'Los primeros caracteres del token, para distinguirlo; el token completo nunca se vuelve a mostrar.'),
      permissions,
      expires_at: S.date(),
      created_at: S.date(),
      last_used_at: S.nullable(S.date('Se actualiza a lo más una vez por minuto.')),
      revoked_at: S.nullable(S.date()),
      active: S.bool(true, 'Falso si venció o fue revocado.'),
      owner: S.object({ id: S.int(2), name: S.text('María Garza'), email: S.text('maria.garza@monterrey.gob.mx') }),
    },
    'Un token de API personal; nunca incluye el secreto.',
  ),
});

export const ApiTokenAnswers = {
  created: S.object({
    token: S.text('afo_Xy3k…', 'El token: se muestra solo esta vez. Envíalo como `Authorization: Bearer <token>`.'),
    api_token: ApiTokenSchemas.TokenDeApi,
    message: S.message('Token creado. Cópialo ahora: no se volverá a mostrar.'),
  }),
  list: S.object({ tokens: S.list(ApiTokenSchemas.TokenDeApi, 'Los propios (un super administrador: los de todos); vigentes primero.') }),
  revoked: S.object({ api_token: ApiTokenSchemas.TokenDeApi, message: S.message('Token revocado.') }),
};
