import { Global, Module, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { NoticeVersions } from '@shared/contracts/privacy-notice.contract';
import { PrivacyNoticeController } from './privacy-notice.controller';
import { PrivacyNoticeRepository } from './privacy-notice.repository';
import { PrivacyNoticeService } from './privacy-notice.service';
import { PublicPrivacyNoticeController } from './public-privacy-notice.controller';

/**
 * The privacy notice (aviso de privacidad) in versions. Global so that the areas with public forms get
 * NoticeVersions (the version to record with each row) without naming this area.
 */
@Global()
@Module({
  controllers: [PublicPrivacyNoticeController, PrivacyNoticeController],
  providers: [PrivacyNoticeRepository, PrivacyNoticeService, { provide: NoticeVersions, useExisting: PrivacyNoticeService }],
  exports: [NoticeVersions],
})
export class PrivacyNoticeModule implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    private readonly realtime: RealtimeRegistry,
    private readonly notices: PrivacyNoticeService,
  ) {}

  onModuleInit(): void {
    // Staff screens reload after their own publication; nothing is pushed.
    this.realtime.pushRoutes({ 'privacy-notice.published': () => ({ pushes: [] }) });
  }

  /** Version 1 from PRIVACY_NOTICE before the first request (a form then always has a current version to record). */
  async onApplicationBootstrap(): Promise<void> {
    await this.notices.seed();
  }
}
