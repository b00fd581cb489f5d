import { DynamicModule, Module, type Type } from '@nestjs/common';
import type { AppConfig } from './core/config/app-config';
import { CoreModule } from './core/core.module';
import { AREA_ENTITIES } from './modules/entities';
import { AREA_MODULES } from './modules';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, extraModules: Type[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config, AREA_ENTITIES),
        // Every area's module, in route order (Express tries routes in the order they are registered, module
        // by module: the citizens' routes come first). api/src/modules/index.ts declares it.
        ...AREA_MODULES,
        ...extraModules,
      ],
    };
  }
}
