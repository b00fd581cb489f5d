import { Inject, Injectable } from '@nestjs/common';
import { AuditRepository } from '@core/audit/audit.repository';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { formatLongDateTimeMx } from '@core/format/display-dates';
import { LINK_INVALID, SignedLinks } from '@core/links/signed-links';
import { UnitOfWork, type Transaction } from '@core/outbox/unit-of-work';
import { PersonalDataRegistry } from '@core/privacy/personal-data-registry';
import {
  ARCO_CONFIRM_HOURS,
  ARCO_EXPORT_DAYS,
  ARCO_FILED_MESSAGE,
  ARCO_PAGE_SIZE,
  ARCO_TYPE_LABELS,
  type ArcoRequestDetail,
  type ArcoRequestResponse,
  type ArcoRequestsPage,
  type PersonalDataExport,
  type PersonalDataSource,
  type PersonalRecord,
  type UnsubscribeView,
} from '@shared/contracts/privacy.contract';
import type { EventActor } from '@shared/events/domain-events';
import { MailOutbox } from '../mail/mail-outbox';
import { MailSuppressions } from '../mail/mail-suppressions';
import type { ArcoQueueQueryDto, ArcoRequestDto, ArcoResolveDto } from './privacy.dto';
import { exportHtml } from './privacy-export';
import { folioOf, toArcoRequestResponse } from './privacy.mapper';
import { PrivacyRepository, type ArcoRow } from './privacy.repository';
import { PrivacyTerms } from './privacy-terms';

const NOT_FOUND = 'La solicitud no existe.';
/** At most this many unconfirmed requests per address: more are answered the same and not mailed (no mail bombing). */
const MAX_UNCONFIRMED_PER_ADDRESS = 3;

/** `maria@correo.mx` → `m••••@correo.mx`: an unsubscribe page shows whose address without spelling it out. */
export function maskEmail(email: string): string {
  const [local, domain] = email.toLowerCase().split('@');
  return `${local.slice(0, 1)}${'•'.repeat(Math.max(1, Math.min(local.length - 1, 6)))}@${domain ?? ''}`;
}

/**
 * ARCO requests (docs/decisions/privacidad.md): filed by anyone for an address, entered in the queue
 * once the address is proved, resolved by the privacidad staff by type — acceso (an export of everything held),
 * rectificación (fields corrected where they live), cancelación (anonymised everywhere), oposición (the suppression
 * list). The areas' data is reached through the PersonalDataRegistry, never their tables.
 */
@Injectable()
export class PrivacyService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly uow: UnitOfWork,
    private readonly repo: PrivacyRepository,
    private readonly terms: PrivacyTerms,
    private readonly links: SignedLinks,
    private readonly personalData: PersonalDataRegistry,
    private readonly audit: AuditRepository,
    private readonly outbox: MailOutbox,
    private readonly suppressions: MailSuppressions,
  ) {}

  private toResponse(row: ArcoRow): ArcoRequestResponse {
    return toArcoRequestResponse(row, (due) => this.terms.businessDaysLeft(due));
  }

  /** Files a request and mails the proof link; the answer is the same whatever happened (202). */
  async file(dto: ArcoRequestDto, actor: EventActor): Promise<{ message: string }> {
    if (dto.tipo === 'rectificacion' && !dto.descripcion?.trim()) {
      throw DomainException.validation({ descripcion: ['Describe qué dato hay que corregir y cuál es el correcto.'] });
    }
    await this.uow.run(actor, async (tx) => {
      if ((await this.repo.countUnconfirmed(tx.manager, dto.email)) >= MAX_UNCONFIRMED_PER_ADDRESS) return;
      const row = await this.repo.insert(tx.manager, {
        tipo: dto.tipo,
        nombre: dto.nombre,
        email: dto.email,
        descripcion: dto.descripcion?.trim() || null,
        confirmarHasta: new Date(Date.now() + ARCO_CONFIRM_HOURS * 3_600_000),
      });
      await tx.record({ type: 'privacy-request.filed', resourceId: row.id, payload: { solicitud_id: row.id } });
      await this.outbox.queue(tx.manager, [
        {
          key: `privacidad.confirmar:${row.id}`,
          template: 'privacidad.confirmar',
          to: { email: row.email, name: row.nombre },
          data: {
            solicitud_id: row.id,
            folio: folioOf(row),
            nombre: row.nombre,
            tipo: row.tipo,
            confirmar_hasta: new Date(row.confirmar_hasta).toISOString(),
          },
          ref: null,
        },
      ]);
    });
    return { message: ARCO_FILED_MESSAGE };
  }

  private confirmId(token: string): number {
    return this.links.require('confirm-arco-request', token, 'El enlace para confirmar tu solicitud ya expiró. Vuelve a presentarla.');
  }

  /** What a confirmation link is for (the request's folio and type), before confirming. */
  async confirmView(token: string): Promise<{ folio: string; tipo: string; confirmada: boolean }> {
    const row = await this.repo.findById(this.confirmId(token));
    if (!row) throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
    return { folio: folioOf(row), tipo: ARCO_TYPE_LABELS[row.tipo], confirmada: row.status !== 'sin_confirmar' };
  }

  /** The address is proved: the request enters the queue with its receipt and legal due date (once; again is a no-op). */
  async confirm(token: string, actor: EventActor): Promise<{ message: string; folio: string; fecha_limite: string | null }> {
    const id = this.confirmId(token);
    return this.uow.run(actor, async (tx) => {
      const row = await this.repo.lock(tx.manager, id);
      if (!row) throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
      if (row.status !== 'sin_confirmar') {
        return { message: 'Tu solicitud ya estaba confirmada.', folio: folioOf(row), fecha_limite: row.fecha_limite };
      }
      const now = new Date();
      const confirmed = await this.repo.confirm(tx.manager, id, now, this.terms.dueDate(now));
      if (!confirmed)
        throw new DomainException(ErrorCode.LinkExpired, 'El enlace para confirmar tu solicitud ya expiró. Vuelve a presentarla.');
      await tx.record({ type: 'privacy-request.confirmed', resourceId: id, payload: { solicitud: this.toResponse(confirmed) } });
      return { message: 'Confirmamos tu solicitud.', folio: folioOf(confirmed), fecha_limite: confirmed.fecha_limite };
    });
  }

  async list(query: ArcoQueueQueryDto): Promise<ArcoRequestsPage> {
    const page = query.page ?? 1;
    const { rows, total } = await this.repo.page(query.status, page, ARCO_PAGE_SIZE);
    return { solicitudes: rows.map((r) => this.toResponse(r)), total, page, page_size: ARCO_PAGE_SIZE };
  }

  /** Everything held about an address, across every area (the access export and the rectification form). */
  async recordsOf(email: string): Promise<PersonalRecord[]> {
    const found = await Promise.all(this.personalData.all().map((h) => h.findByEmail(email)));
    return found.flat();
  }

  async detail(id: number): Promise<ArcoRequestDetail> {
    const row = await this.repo.findById(id);
    if (!row || row.status === 'sin_confirmar') throw new DomainException(ErrorCode.NotFound, NOT_FOUND);
    return { ...this.toResponse(row), registros: row.status === 'pendiente' ? await this.recordsOf(row.email) : [] };
  }

  async resolve(id: number, dto: ArcoResolveDto, actor: EventActor): Promise<ArcoRequestResponse> {
    const respuesta = dto.respuesta?.trim() || null;
    if (dto.resultado === 'improcedente' && !respuesta) {
      throw DomainException.validation({ respuesta: ['Explica por qué la solicitud no procede: la persona lo leerá.'] });
    }
    return this.uow.run(actor, async (tx) => {
      const row = await this.repo.lock(tx.manager, id);
      if (!row || row.status === 'sin_confirmar') throw new DomainException(ErrorCode.NotFound, NOT_FOUND);
      if (row.status !== 'pendiente') throw new DomainException(ErrorCode.InvalidStatusChange, 'Esta solicitud ya fue resuelta.');
      const cambios: Array<{ fuente: PersonalDataSource; id: number; campo: string }> = [];
      const anonimizados: Partial<Record<PersonalDataSource, number>> = {};
      let exportacion: PersonalDataExport | null = null;
      let exportacionHasta: Date | null = null;
      if (dto.resultado === 'procedente') {
        switch (row.tipo) {
          case 'acceso':
            exportacion = {
              generado_at: new Date().toISOString(),
              email: row.email,
              responsable: `Gobierno Municipal de ${this.config.municipio}`,
              registros: await this.recordsOf(row.email),
            };
            exportacionHasta = new Date(Date.now() + ARCO_EXPORT_DAYS * 86_400_000);
            break;
          case 'rectificacion':
            cambios.push(...(await this.rectify(tx, row, dto)));
            break;
          case 'cancelacion':
            for (const holder of this.personalData.all()) {
              const done = await holder.anonymizeByEmail(tx.manager, row.email);
              anonimizados[holder.source] = done.ids.length;
              if (done.resourceType) await this.audit.forgetPersonalData(tx.manager, done.resourceType, done.ids);
            }
            break;
          case 'oposicion':
            if (await this.suppressions.suppress(tx.manager, row.email, 'oposicion', { solicitudId: row.id })) {
              await tx.record({
                type: 'mail.suppressed',
                resourceId: null,
                payload: { motivo: 'oposicion', solicitud_id: row.id, correo_id: null },
              });
            }
            break;
        }
      }
      const resolved = await this.repo.resolve(tx.manager, id, {
        status: dto.resultado === 'procedente' ? 'atendida' : 'improcedente',
        respuesta,
        userId: actor.userId,
        exportacion,
        exportacionHasta,
      });
      if (!resolved) throw new DomainException(ErrorCode.InvalidStatusChange, 'Esta solicitud ya fue resuelta.');
      const solicitud = this.toResponse(resolved);
      await tx.record({ type: 'privacy-request.resolved', resourceId: id, payload: { solicitud, cambios, anonimizados } });
      // The answer is notified to the citizen (art. 51) — after an anonymisation, so the answer itself stays.
      await this.outbox.queue(tx.manager, [
        {
          key: `privacidad.respuesta:${id}`,
          template: 'privacidad.respuesta',
          to: { email: row.email, name: row.nombre },
          data: {
            solicitud_id: id,
            folio: folioOf(row),
            nombre: row.nombre,
            tipo: row.tipo,
            resultado: dto.resultado,
            respuesta,
            exportacion_hasta: exportacionHasta?.toISOString() ?? null,
          },
          ref: null,
        },
      ]);
      return solicitud;
    });
  }

  /** Rectificación: each correction in its area's table, for records of this address only; address changes last. */
  private async rectify(tx: Transaction, row: ArcoRow, dto: ArcoResolveDto) {
    const list = dto.correcciones ?? [];
    if (list.length === 0) throw DomainException.validation({ correcciones: ['Indica al menos un dato por corregir.'] });
    const isAddress = (campo: string) => /correo|email/.test(campo);
    const ordered = list.map((c, i) => ({ c, i })).sort((a, b) => Number(isAddress(a.c.campo)) - Number(isAddress(b.c.campo)));
    const errors: Record<string, string[]> = {};
    for (const { c, i } of ordered) {
      const holder = this.personalData.get(c.fuente);
      const problem = holder?.rectify
        ? await holder.rectify(tx.manager, row.email, c.id, c.campo, c.valor).catch((err: { driverError?: { code?: string } }) => {
            if (err.driverError?.code === '23505')
              return 'Ya existe otro registro con ese dato (correo o nombre y teléfono) en el mismo lugar.';
            throw err;
          })
        : 'Este dato no se puede corregir aquí.';
      if (problem === 'not-found') errors[`correcciones.${i}`] = ['El registro no existe o no pertenece a esta dirección de correo.'];
      else if (problem) errors[`correcciones.${i}`] = [problem];
      if (Object.keys(errors).length) break; // a failed statement ends the transaction: report the first problem
    }
    if (Object.keys(errors).length) throw DomainException.validation(errors);
    return list.map((c) => ({ fuente: c.fuente, id: c.id, campo: c.campo }));
  }

  /** The access export through its signed link (HTML or JSON); each download is audited. */
  async download(
    token: string,
    formato: 'html' | 'json',
    actor: EventActor,
  ): Promise<{ filename: string; contentType: string; body: string }> {
    const expired = 'El enlace de descarga ya expiró y el archivo se borró. Puedes presentar una nueva solicitud de acceso.';
    const id = this.links.require('download-arco-export', token, expired);
    const found = await this.repo.exportOf(id);
    if (!found) throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
    if (!found.exportacion) throw new DomainException(ErrorCode.LinkExpired, expired);
    await this.uow.run(actor, (tx) =>
      tx.record({ type: 'privacy-request.export-downloaded', resourceId: id, payload: { solicitud_id: id } }),
    );
    const base = `mis-datos-${folioOf({ id, created_at: found.created_at }).toLowerCase()}`;
    if (formato === 'json') {
      return { filename: `${base}.json`, contentType: 'application/json; charset=utf-8', body: JSON.stringify(found.exportacion, null, 2) };
    }
    const when = formatLongDateTimeMx(new Date(found.exportacion.generado_at), this.config.tzDisplay);
    return { filename: `${base}.html`, contentType: 'text/html; charset=utf-8', body: exportHtml(found.exportacion, when) };
  }

  private async unsubscribeAddress(token: string): Promise<{ correoId: number; email: string }> {
    const correoId = this.links.require(
      'unsubscribe-mail',
      token,
      'Este enlace para dejar de recibir correos ya expiró. Usa el de un correo más reciente.',
    );
    const email = await this.suppressions.recipientOf(correoId);
    if (!email || email.endsWith('@anonimizado.invalid')) throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
    return { correoId, email };
  }

  async unsubscribeView(token: string): Promise<UnsubscribeView> {
    const { email } = await this.unsubscribeAddress(token);
    return { email: maskEmail(email), suprimido: await this.suppressions.isSuppressed(email) };
  }

  /** The address the message went to joins the suppression list (RFC 8058 one-click, or the page's button). */
  async unsubscribe(token: string, actor: EventActor): Promise<{ message: string }> {
    const { correoId, email } = await this.unsubscribeAddress(token);
    await this.uow.run(actor, async (tx) => {
      if (await this.suppressions.suppress(tx.manager, email, 'baja', { correoId })) {
        await tx.record({
          type: 'mail.suppressed',
          resourceId: null,
          payload: { motivo: 'baja', solicitud_id: null, correo_id: correoId },
        });
      }
    });
    return { message: 'Listo: no enviaremos más correos a esta dirección.' };
  }
}
