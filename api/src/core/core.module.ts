import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessGuard } from './access/access.guard';
import { jwtKey } from './access/jwt-key';
import { JwtStrategy } from './access/jwt.strategy';
import { ApiTokenStrategy } from './access/api-token.strategy';
import { ApiTokensRepository } from './access/api-tokens.repository';
import { SessionsRepository } from './access/sessions.repository';
import { APP_CONFIG, type AppConfig } from './config/app-config';
import { dataSourceOptions, type EntityTarget } from './database/data-source';
import { JobPublisher } from './jobs/job-publisher';
import { JobRoutes } from './jobs/job-routes';
import { MetricsController } from './metrics/metrics.controller';
import { MetricsRegistry } from './metrics/metrics-registry';
import { SignedLinks } from './links/signed-links';
import { PersonalDataRegistry } from './privacy/personal-data-registry';
import { PersonReferencesRegistry } from './privacy/person-references';
import { OutboxRelay } from './outbox/outbox-relay.service';
import { OutboxRepository } from './outbox/outbox.repository';
import { UnitOfWork } from './outbox/unit-of-work';
import { RealtimePublisher } from './realtime/realtime-publisher';
import { RealtimeGateway } from './realtime/realtime.gateway';
import { RealtimeRegistry } from './realtime/realtime-registry';
import { RoomPolicy } from './realtime/room-policy';
import { SessionResolver } from './realtime/session-resolver';
import { RateLimitGuard } from './http/rate-limit.guard';
import { RateLimiter } from './redis/rate-limiter';
import { RedisService } from './redis/redis.service';
import { servesSockets } from './process/roles';
import { ShutdownState } from './process/shutdown-state';
import { IdempotencyGuard } from './http/idempotency.guard';
import { IdempotencyRepository } from './http/idempotency.repository';

/** The backbone every module uses: config, database, auth, access, outbox, jobs, realtime. */
@Global()
@Module({})
export class CoreModule {
  /** `areaEntities`: the modules' entities (api/src/modules/entities.ts). */
  static forRoot(config: AppConfig, areaEntities: readonly EntityTarget[]): DynamicModule {
    // The services the modules use, each listed once: provided here and exported.
    const sessions = [RedisService, SessionsRepository, SessionResolver, ApiTokensRepository];
    const backbone = [
      JobPublisher,
      OutboxRepository,
      OutboxRelay,
      UnitOfWork,
      RoomPolicy,
      // Only a realtime process opens socket.io; an api-only one records events and leaves the pushes to it.
      ...(servesSockets(config) ? [RealtimeGateway] : []),
      RealtimePublisher,
      RealtimeRegistry,
      JobRoutes,
      RateLimiter,
      ShutdownState,
      SignedLinks,
      PersonalDataRegistry,
      PersonReferencesRegistry,
      // This process's Prometheus metrics (GET /metrics, MetricsController); areas add their gauges to it.
      MetricsRegistry,
    ];
    const providers = [
      { provide: APP_CONFIG, useValue: config },
      ...sessions,
      JwtStrategy,
      ApiTokenStrategy,
      { provide: APP_GUARD, useClass: AccessGuard },
      ...backbone,
      { provide: APP_GUARD, useClass: RateLimitGuard },
      // Routes marked @Idempotent() honour the Idempotency-Key header: the last guard, once the caller is known and
      // within its limits.
      { provide: APP_GUARD, useClass: IdempotencyGuard },
      IdempotencyRepository,
    ];
    return {
      module: CoreModule,
      imports: [
        TypeOrmModule.forRoot(dataSourceOptions(config.databaseUrl, areaEntities, { extra: { max: config.databasePoolSize ?? 20 } })),
        PassportModule,
        JwtModule.register({
          secret: jwtKey(config.jwtSecret),
          signOptions: { algorithm: 'HS256', expiresIn: config.jwtExpiresInSeconds },
        }),
      ],
      controllers: [MetricsController],
      providers,
      exports: [APP_CONFIG, ...sessions, JwtModule, ...backbone, IdempotencyRepository],
    };
  }
}
