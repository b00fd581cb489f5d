import { Injectable } from '@nestjs/common';

/**
 * Whether this process is stopping. On SIGTERM (main.ts) it first drains: /api/health answers 503 so the load
 * balancer stops sending it new requests and sockets, while what is in flight finishes; then it closes.
 */
@Injectable()
export class ShutdownState {
  private drainingSince: number | null = null;

  drain(): void {
    this.drainingSince ??= Date.now();
  }

  get draining(): boolean {
    return this.drainingSince !== null;
  }
}
