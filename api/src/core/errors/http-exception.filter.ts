import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { DomainException } from './domain-exception';

export interface ErrorBody {
  message: string;
  code?: string;
  errors?: Record<string, string[]>;
}

const SPANISH_BY_STATUS: Partial<Record<number, string>> = {
  400: 'La solicitud no es válida.',
  401: 'No autenticado. Inicia sesión para continuar.',
  403: 'No tienes permiso para realizar esta acción.',
  404: 'El recurso solicitado no existe.',
  405: 'Método no permitido.',
  409: 'La operación entra en conflicto con el estado actual.',
  413: 'El contenido enviado es demasiado grande.',
  415: 'El tipo de contenido no es compatible.',
  422: 'Los datos enviados no son válidos.',
  429: 'Demasiadas solicitudes. Intenta de nuevo en unos momentos.',
};

/** Errors raised by Express middleware (body parser) before Nest sees the request. */
interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
  /** zlib's code when a body labelled gzip/deflate/br is not (Z_DATA_ERROR, …). */
  code?: string;
}

/** Turns any error into the wire's JSON answer. Never leaks a stack trace. */
export function toErrorAnswer(exception: unknown): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  if (exception instanceof DomainException) {
    return {
      status: exception.status,
      body: {
        ...exception.extra,
        message: exception.message,
        code: exception.code,
        ...(exception.errors ? { errors: exception.errors } : {}),
      },
      headers: exception.headers,
    };
  }
  if (exception instanceof HttpException) {
    // Our code throws DomainException; HttpExceptions come from Nest itself (unknown route, Multer
    // limits...) with English texts, so the answer is the Spanish text of the status.
    const status = exception.getStatus();
    return { status, body: { message: SPANISH_BY_STATUS[status] ?? 'La solicitud no se pudo procesar.' } };
  }
  const parserError = exception as BodyParserError;
  if (parserError?.type === 'entity.parse.failed') {
    return { status: 400, body: { message: 'El cuerpo de la solicitud no es JSON válido.' } };
  }
  if (parserError?.type === 'entity.too.large') {
    return { status: 413, body: { message: SPANISH_BY_STATUS[413]! } };
  }
  if (parserError?.type === 'entity.too.deep') {
    return { status: 400, body: { message: 'El cuerpo de la solicitud tiene demasiados niveles de anidación.' } };
  }
  if (parserError?.type === 'encoding.unsupported') {
    return { status: 415, body: { message: 'La codificación del cuerpo no es compatible.' } };
  }
  if (typeof parserError?.code === 'string' && parserError.code.startsWith('Z_')) {
    return { status: 400, body: { message: 'El cuerpo de la solicitud no se pudo descomprimir.' } };
  }
  // Any other client error the body parser or Express raises (aborted request, bad charset...).
  if (parserError?.expose && parserError.status && parserError.status >= 400 && parserError.status < 500) {
    return { status: parserError.status, body: { message: SPANISH_BY_STATUS[parserError.status] ?? SPANISH_BY_STATUS[400]! } };
  }
  if (exception instanceof QueryFailedError) {
    const code = (exception as QueryFailedError & { driverError?: { code?: string } }).driverError?.code;
    if (code === '23505') return { status: 409, body: { message: 'El registro ya existe.' } };
  }
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { message: 'Ocurrió un error interno. Intenta de nuevo más tarde.' } };
}

/**
 * An answer given again as it was first given (a repeated Idempotency-Key: core/http/idempotency.guard.ts), thrown
 * by the guard before the handler runs; the filter sends it as it is.
 */
export class ReplayedAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string>,
  ) {}
}

/** The headers the filter set on an error answer (Retry-After…), for whoever keeps that answer to give it again. */
const errorHeaders = new WeakMap<Response, Record<string, string>>();
export const errorHeadersOf = (res: Response): Record<string, string> | null => errorHeaders.get(res) ?? null;

@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const res = host.switchToHttp().getResponse<Response>();
    if (exception instanceof ReplayedAnswer) {
      if (res.headersSent) return;
      res.set(exception.headers).status(exception.status);
      if (exception.body === null) res.send();
      else res.json(exception.body);
      return;
    }
    const { status, body, headers } = toErrorAnswer(exception);
    if (status >= 500) this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    if (res.headersSent) return;
    for (const [k, v] of Object.entries(headers ?? {})) res.setHeader(k, v);
    if (headers) errorHeaders.set(res, headers);
    res.status(status).json(body);
  }
}
