import { S, schemas } from '@core/http/openapi-answers';

const permissionList = S.list(S.oneOf(['view', 'create', 'edit', 'delete']));

export const UsersSchemas = schemas({
  Usuario: S.object(
    {
      id: S.int(2),
      name: S.text('María Fernanda Garza'),
      email: S.text('maria.garza@monterrey.gob.mx'),
      permissions: {
        ...S.map(
          permissionList,
          'Permisos por área (eventos_internos, eventos_externos, personas, programas), en orden view, create, edit, delete.',
        ),
        example: { eventos_externos: ['view', 'create'] },
      },
      is_super_admin: S.bool(false),
      created_at: S.date(),
    },
    'Una cuenta del personal.',
  ),
  UsuarioDeLaSesion: {
    allOf: [
      { $ref: '#/components/schemas/Usuario' },
      S.object({
        must_change_password: S.bool(
          false,
          'La contraseña fue generada (primer super administrador sin ADMIN_PASSWORD): hasta cambiarla con POST /api/me/password, las demás rutas responden 403 PASSWORD_CHANGE_REQUIRED.',
        ),
      }),
    ],
  },
  EntradaDeBitacora: S.object({
    id: S.int(10),
    action: S.oneOf(['login', 'logout', 'create', 'update', 'delete', 'view', 'register']),
    resource_type: S.nullable(S.text('user', 'Nulo en inicio y cierre de sesión.')),
    resource_id: S.nullable(S.text('2')),
    api_token_id: S.nullable(S.int(3, 'El token de API con que se hizo el cambio (null: una sesión o el sistema).')),
    created_at: S.date(),
  }),
});

export const UserAnswers = {
  list: S.object({ users: S.list(UsersSchemas.Usuario) }),
  saved: (message: string) => S.object({ user: UsersSchemas.Usuario, message: S.message(message) }),
  deleted: S.object({ message: S.message('Usuario eliminado exitosamente') }),
  session: S.object({
    token: S.text('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9…', 'JWT para el encabezado Authorization: Bearer.'),
    user: UsersSchemas.UsuarioDeLaSesion,
  }),
  passwordChanged: S.object({ message: S.message('Contraseña actualizada.'), user: UsersSchemas.UsuarioDeLaSesion }),
  me: S.object({
    data: S.object({
      user: {
        allOf: [
          UsersSchemas.UsuarioDeLaSesion,
          S.object({ audit_logs: S.list(UsersSchemas.EntradaDeBitacora, 'Las últimas 5 entradas propias.') }),
        ],
      },
    }),
  }),
};
