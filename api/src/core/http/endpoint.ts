import { applyDecorators, Delete, Get, HttpCode, Patch, Post, Put } from '@nestjs/common';
import { ApiOperation, type ApiOperationOptions } from '@nestjs/swagger';
import type { Access } from '../access/access.decorators';
import { Answer, type Answers } from './openapi-answers';

const MAPPINGS = { GET: Get, POST: Post, PUT: Put, PATCH: Patch, DELETE: Delete };
type Method = keyof typeof MAPPINGS;

/** The method and the path below the controller's, as an HTTP request line: `'GET'`, `'PUT espacios/:id'`. */
export type RouteLine = Method | `${Method} ${string}`;

/**
 * A route, declared in one place: its method and path, its operation (the summary, in Spanish and in the infinitive:
 * «Ver un espacio»; or ApiOperation's options), who may call it (an access decorator: @Public(), @SignedIn(),
 * @RequirePermission(…)…, core/access/access.decorators.ts) and its answers by status (openapi-answers.ts). The one 2xx
 * answer is also the status the route sends (201 for a POST, 200 for the rest, unless it says another).
 *
 *   @Endpoint('GET espacios/:id', 'Ver un espacio', RequirePermission('eventos_internos', 'view'), {
 *     200: ['Un espacio con sus secciones.', SpacesAnswers.one],
 *   })
 *
 * What a route does besides (@Idempotent(), @RateLimit(…), @ApiParam(…), @UseInterceptors(…)) stays beside it.
 */
export function Endpoint(route: RouteLine, operation: string | ApiOperationOptions, access: Access, answers: Answers) {
  const [method, path] = route.split(/ (.*)/) as [Method, string?];
  const sent = Object.keys(answers)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
  if (sent.length !== 1) throw new Error(`${route}: a route declares exactly one 2xx answer (it has ${sent.length})`);
  const status = sent[0];
  return applyDecorators(
    ApiOperation(typeof operation === 'string' ? { summary: operation } : operation),
    MAPPINGS[method](path),
    ...(status === (method === 'POST' ? 201 : 200) ? [] : [HttpCode(status)]),
    ...Object.entries(answers).map(([code, answer]) => Answer(Number(code), answer)),
    access,
  );
}
