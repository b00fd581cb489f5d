import { applyDecorators, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { Public } from '../access/access.decorators';
import { Idempotent } from './idempotency.interceptor';
import { Answer, type JsonSchema } from './openapi-answers';
import { RateLimit } from './rate-limit.guard';

/**
 * The routes anyone may call (a citizen's form, the pages of a mailed link): each is @Public and rate limited per IP
 * as a read or a write, and a write may be repeated with an Idempotency-Key. One declaration per route.
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

/** A public GET answering 200 with `schema`. */
export const PublicRead = (path: string, description: string, schema: JsonSchema, token = linkTokenDoc()) =>
  applyDecorators(Get(path), ...tokenParam(path, token), Answer(200, description, schema), Public(), RateLimit('public-read'));

/** A public POST answering `status` (201 unless 200/202…) with `schema`. */
export const PublicWrite = (path: string, status: number, description: string, schema: JsonSchema, token = linkTokenDoc()) =>
  applyDecorators(
    Post(path),
    ...(status === 201 ? [] : [HttpCode(status)]),
    ...tokenParam(path, token),
    Answer(status, description, schema),
    Public(),
    RateLimit('public-write'),
    Idempotent(),
  );

/** The `:token` argument (a mailed link). */
export const Token = () => Param('token');
