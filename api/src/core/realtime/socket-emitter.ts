import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import { ROOMS, type PushPayload, type ServerEventName, type ServerToClientEvents } from '@shared/events/socket-events';
import { socketAdapterKey } from '@core/process/redis-io.adapter';
import { redisOptionsFromUrl, withSafePublish } from '@core/redis/redis-options';

/** Workers reach socket rooms through the Redis emitter, never through the API over HTTP. */
@Injectable()
export class SocketEmitter implements OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly emitter: Emitter<ServerToClientEvents>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.redis = withSafePublish(new Redis(redisOptionsFromUrl(config.redisUrl)));
    this.redis.on('error', () => undefined);
    this.emitter = new Emitter<ServerToClientEvents>(this.redis, { key: socketAdapterKey(config) });
  }

  toUser<E extends ServerEventName>(userId: number, event: E, payload: PushPayload<E>): void {
    this.toRoom(ROOMS.user(userId), event, payload);
  }

  toRoom<E extends ServerEventName>(room: string, event: E, payload: PushPayload<E>): void {
    this.toRooms([room], event, payload);
  }

  /** One message to every socket in any of the rooms, once each: one publish to Redis however many rooms. */
  toRooms<E extends ServerEventName>(rooms: string[], event: E, payload: PushPayload<E>): void {
    (this.emitter.to(rooms) as unknown as { emit(e: string, p: unknown): void }).emit(event, payload);
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
