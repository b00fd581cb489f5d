import type { AuthUser } from '@core/access/current-user';
import { push, type PushRoutes } from '@core/realtime/push-routes';
import type { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { MAIL_REF_TYPES, mailRefTypesFor, type CorreoResponse, type MailRefType } from '@shared/contracts/mail.contract';
import { ROOMS } from '@shared/events/socket-events';

/** The rooms a message's change goes to: everything (super admins) and its kind of record's. */
export function correoRooms(correo: Pick<CorreoResponse, 'ref_type'>): string[] {
  return correo.ref_type ? [ROOMS.correosTodos, ROOMS.correos(correo.ref_type)] : [ROOMS.correosTodos];
}

const MAIL_PUSH_ROUTES: PushRoutes<'mail.resend-requested'> = {
  'mail.resend-requested': (e) => ({ pushes: [push('correo.updated', correoRooms(e.payload.correo), { correo: e.payload.correo })] }),
};

/**
 * The 'Correos' rooms (personal data: staff only): correos:{ref_type} for who may view that area,
 * correos:todos for super admins. Status changes are pushed by the workers (MailPushes); a resend by the relay.
 */
export function registerMailRealtime(realtime: RealtimeRegistry): void {
  const kinds = MAIL_REF_TYPES.join('|');
  realtime.rooms(new RegExp(`^correos:(${kinds})$`), (user: AuthUser | null, _room, m) =>
    mailRefTypesFor(user, 'view').includes(m[1] as MailRefType),
  );
  realtime.rooms(/^correos:todos$/, (user) => !!user?.is_super_admin);
  realtime.pushRoutes(MAIL_PUSH_ROUTES);
}
