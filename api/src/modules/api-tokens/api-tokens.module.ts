import { Module, type OnModuleInit } from '@nestjs/common';
import { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { ApiTokensController } from './api-tokens.controller';
import { ApiTokensService } from './api-tokens.service';

/** Personal API tokens' routes (the table and the strategy that reads it are core's: core/access). */
@Module({
  controllers: [ApiTokensController],
  providers: [ApiTokensService],
})
export class ApiTokensModule implements OnModuleInit {
  constructor(private readonly realtime: RealtimeRegistry) {}

  onModuleInit(): void {
    // The screen reloads after its own changes; nothing is pushed (a token's list is its owner's alone).
    this.realtime.pushRoutes({ 'api-token.created': () => ({ pushes: [] }), 'api-token.revoked': () => ({ pushes: [] }) });
  }
}
