/**
 * The typed map of socket.io traffic, shared with the web app (pure types and constants).
 * Staff rooms may carry personal data; rooms starting with "public:" never do.
 */
import type { AuditLogResponse, UserResponse } from '../contracts/users.contract';

/** Every push carries the domain event id (for de-duplication) and when it happened. */
export interface Push<T> {
  event_id: string;
  occurred_at: string;
  data: T;
}

export interface ServerToClientEvents {
  'user.created': (msg: Push<{ user: UserResponse }>) => void;
  'user.updated': (msg: Push<{ user: UserResponse }>) => void;
  'user.deleted': (msg: Push<{ id: number }>) => void;
  /** A new entry of the signed-in user's own audit trail (room user:{id}). */
  'audit.created': (msg: Push<{ entry: AuditLogResponse }>) => void;
  /** The signed-in user's own account changed (permissions, name...): refetch /api/me. */
  'me.changed': (msg: Push<{ deleted: boolean }>) => void;
  /** This socket's session ended (logout or deleted account): sign out. */
  'session.revoked': (msg: Push<Record<string, never>>) => void;
}

export type JoinAck = { ok: true } | { ok: false; message: string };

export interface ClientToServerEvents {
  'room:join': (room: string, ack: (res: JoinAck) => void) => void;
  'room:leave': (room: string, ack?: (res: JoinAck) => void) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
export type PushPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

/** Room names. Each kind has one join rule on the server (realtime/room-policy.ts). */
export const ROOMS = {
  /** The users table: super admins. */
  users: 'users',
  /** One user's own channel: their dashboard and account. Joined automatically. */
  user: (id: number) => `user:${id}`,
} as const;
