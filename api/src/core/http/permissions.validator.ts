import { registerDecorator, type ValidationOptions } from 'class-validator';
import { normalizePermissions } from '@shared/permissions';

/** A permissions map in either accepted form (lists or boolean objects per area). */
export function IsPermissionsMap(options?: ValidationOptions) {
  return (object: object, propertyName: string) => {
    registerDecorator({
      name: 'isPermissionsMap',
      target: object.constructor,
      propertyName,
      options: { message: 'Los permisos no son válidos: usa las áreas y acciones (view, create, edit, delete) permitidas.', ...options },
      validator: {
        validate: (value: unknown) => normalizePermissions(value).errors.length === 0,
      },
    });
  };
}
