import { mailRefTypesFor } from '@shared/contracts/mail.contract';
import { ROOMS } from '@shared/events/socket-events';
import { useSession } from '../../../lib/auth';
import { useLiveRoom, useSocketEvent } from '../../../lib/live';
import { getCorreos } from '../api/correos-api';
import { applyCorreo, loadCorreos } from '../stores/mail-store';

/**
 * Joins the rooms of the messages the user may read (super admins: correos:todos; others: one per kind of
 * record they may view), applies correo.updated to the list, and reloads after a reconnect. Renders nothing.
 */
export function CorreosLiveEffect() {
  const { user } = useSession();
  const all = !!user?.is_super_admin;
  const kinds = all ? [] : mailRefTypesFor(user, 'view');
  const resync = { onResync: () => void loadCorreos(getCorreos, { silent: true }) };
  useLiveRoom(all ? ROOMS.correosTodos : null, resync);
  useLiveRoom(kinds.includes('evento-externo') ? ROOMS.correos('evento-externo') : null, resync);
  useLiveRoom(kinds.includes('evento-interno') ? ROOMS.correos('evento-interno') : null, resync);
  useLiveRoom(kinds.includes('programa') ? ROOMS.correos('programa') : null, resync);
  useSocketEvent('correo.updated', (msg) => applyCorreo(msg.data.correo));
  return null;
}
