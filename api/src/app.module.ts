import { DynamicModule, Module, type Type } from '@nestjs/common';
import type { AppConfig } from './core/config/app-config';
import { CoreModule } from './core/core.module';
import { AREA_ENTITIES } from './modules/entities';
import { AuthModule } from './modules/auth/auth.module';
import { ExternalEventsModule } from './modules/external-events/external-events.module';
import { HealthModule } from './modules/health/health.module';
import { InternalEventsModule } from './modules/internal-events/internal-events.module';
import { PersonasModule } from './modules/personas/personas.module';
import { ProgramsModule } from './modules/programs/programs.module';
import { PublicModule } from './modules/public/public.module';
import { QueueDashboardModule } from './modules/queue-dashboard/queue-dashboard.module';
import { SeatingModule } from './modules/seating/seating.module';
import { SpacesModule } from './modules/spaces/spaces.module';
import { UsersModule } from './modules/users/users.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, extraModules: Type[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config, AREA_ENTITIES),
        // Express tries routes in the order they are registered, module by module: the citizens'
        // routes (public events and registration, the busiest) come first.
        ExternalEventsModule,
        UsersModule,
        AuthModule,
        HealthModule,
        PublicModule,
        PersonasModule,
        ProgramsModule,
        QueueDashboardModule,
        InternalEventsModule,
        SpacesModule,
        SeatingModule,
        ...extraModules,
      ],
    };
  }
}
