import 'reflect-metadata';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { IDEMPOTENT } from '../../api/src/core/http/idempotency.guard';
import { InternalDoorController } from '../../api/src/modules/door/door.controller';
import { PublicEventsController } from '../../api/src/modules/external-events/public-events.controller';

/**
 * Idempotency-Key is honoured by a global guard on the routes declared @Idempotent() (docs/decisions/plataforma.md,
 * «Reintentos con Idempotency-Key»), not by an interceptor: a route with any interceptor runs Nest's interceptor
 * machinery (RxJS, async-context binding) on every request, a third of a registration's API CPU.
 */
describe('idempotent routes are declared, and carry no interceptor', () => {
  const declared = (method: unknown) => Reflect.getMetadata(IDEMPOTENT, method as object) === true;
  const interceptors = (method: unknown) => (Reflect.getMetadata(INTERCEPTORS_METADATA, method as object) as unknown[] | undefined) ?? [];

  it('a public write and a door scan are idempotent without an interceptor; a public read is not idempotent', () => {
    expect(declared(PublicEventsController.prototype.register)).toBe(true);
    expect(declared(InternalDoorController.prototype.checkIn)).toBe(true);
    expect(interceptors(PublicEventsController.prototype.register)).toEqual([]);
    expect(interceptors(InternalDoorController.prototype.checkIn)).toEqual([]);
    expect(declared(PublicEventsController.prototype.list)).toBe(false);
    expect(interceptors(PublicEventsController.prototype.list)).toEqual([]);
    expect(interceptors(PublicEventsController.prototype.featured)).toEqual([]);
  });
});
