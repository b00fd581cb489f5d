import { Injectable } from '@nestjs/common';
import { SocketEmitter } from '@core/realtime/socket-emitter';
import { correoRooms } from './mail.realtime';
import { toCorreoResponse, type CorreoRow } from './mail.repository';

/** A message's new status to the 'Correos' screens that may read it (from the workers, through the Redis emitter). */
@Injectable()
export class MailPushes {
  constructor(private readonly sockets: SocketEmitter) {}

  changed(row: CorreoRow | null): void {
    if (!row) return;
    const correo = toCorreoResponse(row);
    const msg = {
      event_id: `correo:${correo.id}:${correo.status}:${correo.attempts}:${correo.updated_at}`,
      occurred_at: correo.updated_at,
      data: { correo },
    };
    // Its rooms together: one publish per change, and a screen in both rooms (a super admin's) gets it once.
    this.sockets.toRooms(correoRooms(correo), 'correo.updated', msg);
  }
}
