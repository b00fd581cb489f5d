import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import type { PrivacyNoticeSettings } from './privacy-notice.settings';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { PrivacyNoticeError } from './privacy-notice.errors';
import { UnitOfWork } from '@core/outbox/unit-of-work';
import {
  NoticeVersions,
  UNKNOWN_NOTICE_VERSION,
  type AvisoPrivacidadResponse,
  type PrivacyNoticeResponse,
} from '@shared/contracts/privacy-notice.contract';
import type { EventActor } from '@shared/events/domain-events';
import { toAvisoResponse, toPrivacyNoticeResponse } from './privacy-notice.mapper';
import { PrivacyNoticeRepository } from './privacy-notice.repository';

/**
 * The privacy notice in versions: the current one is the latest; publishing adds a version and never
 * edits one, so what a person accepted stays readable as they read it. PRIVACY_NOTICE seeds version 1.
 */
@Injectable()
export class PrivacyNoticeService implements NoticeVersions {
  /** Versions known to exist: they are never deleted, so a hit needs no query (the busy registration path). */
  private readonly known = new Set<number>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig & PrivacyNoticeSettings,
    private readonly notices: PrivacyNoticeRepository,
    private readonly uow: UnitOfWork,
  ) {}

  seed(): Promise<void> {
    return this.notices.seedFirst(this.config.privacyNotice);
  }

  async current(): Promise<PrivacyNoticeResponse> {
    let row = await this.notices.current();
    if (!row) {
      await this.seed();
      row = (await this.notices.current())!;
    }
    return toPrivacyNoticeResponse(row);
  }

  async list(): Promise<AvisoPrivacidadResponse[]> {
    const rows = await this.notices.list();
    return rows.map((r) => toAvisoResponse(r, rows[0].version));
  }

  async publish(texto: string, actor: EventActor): Promise<AvisoPrivacidadResponse> {
    try {
      return await this.uow.run(actor, async (tx) => {
        const aviso = toAvisoResponse(await this.notices.publish(tx.manager, texto, actor.userId), -1);
        aviso.vigente = true;
        await tx.record({ type: 'privacy-notice.published', resourceId: aviso.version, payload: { version: aviso.version } });
        return aviso;
      });
    } catch (err) {
      if ((err as { driverError?: { code?: string } }).driverError?.code === '23505') {
        throw new DomainException(
          ErrorCode.Conflict,
          'Otra persona publicó una versión al mismo tiempo. Recarga y revisa el aviso vigente.',
        );
      }
      throw err;
    }
  }

  async accepted(version: number | undefined): Promise<number | null> {
    if (version === undefined) return null;
    if (this.known.has(version) || (await this.notices.exists(version))) {
      this.known.add(version);
      return version;
    }
    throw new DomainException(PrivacyNoticeError.UnknownNoticeVersion, UNKNOWN_NOTICE_VERSION, { aviso_version: [UNKNOWN_NOTICE_VERSION] });
  }
}
