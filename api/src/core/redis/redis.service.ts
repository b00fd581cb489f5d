import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { redisOptionsFromUrl } from './redis-options';

/**
 * The API's command client (throttling, health). No offline queue: when Redis is down a command
 * fails at once instead of waiting, so callers can degrade instead of hanging.
 */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  private readonly logger = new Logger(RedisService.name);
  readonly client: Redis;

  constructor(@Inject(APP_CONFIG) readonly config: AppConfig) {
    this.client = new Redis(
      redisOptionsFromUrl(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false }),
    );
    this.client.on('error', (err) => this.logger.warn(`Redis: ${err.message}`));
  }

  key(...parts: string[]): string {
    return [this.config.redisPrefix, ...parts].join(':');
  }

  async ping(): Promise<boolean> {
    try {
      return (await this.client.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.client.disconnect();
  }
}
