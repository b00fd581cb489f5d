import { applyDecorators, Param } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { Public } from '../access/access.decorators';
import { Endpoint } from './endpoint';
import { Idempotent } from './idempotency.guard';
import type { Answers } from './openapi-answers';
import { RateLimit, type DeclaredRateLimit } from './rate-limit.guard';

/**
 * The routes anyone may call (a citizen's form, the pages of a mailed link): each is @Public and rate limited per IP
 * as a read or a write, and a write may be repeated with an Idempotency-Key. One declaration per route, like
 * @Endpoint's (the path, the summary, the answers by status).
 */

/** How the documentation shows a mailed link's token; `purposes` names the link's purposes where a path takes several. */
export const linkTokenDoc = (purposes?: string) => ({
  name: 'token',
  description: `El enlace firmado del correo (\`<id>.<vence>.<firma>\`)${purposes ? `, ${purposes}` : ''}.`,
  example: '7.1798830800.dGhpcy1pcy1hbi1leGFtcGxlLXNpZ25hdHVyZS0xMjM0NTY',
});
type TokenDoc = ReturnType<typeof linkTokenDoc>;

/** A path with a mailed link's `:token` documents it. */
const tokenParam = (path: string, doc: TokenDoc) => (path.includes(':token') ? [ApiParam(doc)] : []);

/** What a public route may say besides: its `:token`'s documentation; a write, a limit of its own beside the writes' one. */
interface PublicRouteOptions {
  token?: TokenDoc;
  limit?: DeclaredRateLimit;
}

/** A public GET (core/http/endpoint.ts' declaration, without the access: @Public). */
export const PublicRead = (path: string, summary: string, answers: Answers, { token = linkTokenDoc() }: PublicRouteOptions = {}) =>
  applyDecorators(Endpoint(`GET ${path}`, summary, Public(), answers), ...tokenParam(path, token), RateLimit('public-read'));

/** A public POST: limited as a write (and by its own `limit`), and idempotent. */
export const PublicWrite = (path: string, summary: string, answers: Answers, { token = linkTokenDoc(), limit }: PublicRouteOptions = {}) =>
  applyDecorators(
    Endpoint(`POST ${path}`, summary, Public(), answers),
    ...tokenParam(path, token),
    RateLimit('public-write', ...(limit ? [limit] : [])),
    Idempotent(),
  );

/** The `:token` argument (a mailed link). */
export const Token = () => Param('token');
