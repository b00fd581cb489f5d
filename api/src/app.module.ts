import { DynamicModule, Module, RequestMethod, type Type } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from './core/config/app-config';
import { CoreModule } from './core/core.module';
import { AuthModule } from './modules/auth/auth.module';
import { BenchBaselinesModule } from './modules/bench-baselines/bench-baselines.module';
import { ExternalEventsModule } from './modules/external-events/external-events.module';
import { HealthModule } from './modules/health/health.module';
import { PersonasModule } from './modules/personas/personas.module';
import { PublicModule } from './modules/public/public.module';
import { UsersModule } from './modules/users/users.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, extraModules: Type[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot({
          forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
          pinoHttp: {
            level: config.logLevel,
            // Never log credentials or tokens.
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password', 'req.body.password_confirmation'],
            autoLogging: { ignore: (req) => req.url === '/api/health' },
          },
        }),
        CoreModule.forRoot(config),
        UsersModule,
        AuthModule,
        HealthModule,
        PublicModule,
        ExternalEventsModule,
        PersonasModule,
        ...(config.benchBaselines ? [BenchBaselinesModule] : []),
        ...extraModules,
      ],
    };
  }
}
