import 'reflect-metadata';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { IdempotencyInterceptor } from '../../api/src/core/http/idempotency.interceptor';
import { PublicEventsController } from '../../api/src/modules/external-events/public-events.controller';

/**
 * The Idempotency-Key interceptor sits on the routes declared @Idempotent() only (docs/decisions/plataforma.md,
 * «Reintentos con Idempotency-Key»): as a global interceptor, Nest's interceptor machinery ran on every request.
 */
describe('the idempotency interceptor is on idempotent routes only', () => {
  const interceptors = (method: unknown) => (Reflect.getMetadata(INTERCEPTORS_METADATA, method as object) as unknown[] | undefined) ?? [];

  it('a public write carries it; a public read carries no interceptor at all', () => {
    expect(interceptors(PublicEventsController.prototype.register)).toContain(IdempotencyInterceptor);
    expect(interceptors(PublicEventsController.prototype.list)).toEqual([]);
    expect(interceptors(PublicEventsController.prototype.featured)).toEqual([]);
  });
});
