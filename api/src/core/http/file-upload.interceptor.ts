import { CallHandler, ExecutionContext, Injectable, mixin, NestInterceptor, type Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import { DomainException, ErrorCode } from '../errors/domain-exception';

/**
 * Reads one multipart file part into memory, at most `maxBytes`, answering multer's errors in
 * Spanish (413 with `tooLargeMessage` past the limit; 422 with `missingMessage` without a file). Nothing is
 * written to disk.
 */
export function FileUploadInterceptor(
  field: string,
  maxBytes: number,
  tooLargeMessage: string,
  missingMessage = 'Selecciona un archivo.',
): Type<NestInterceptor> {
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } }).single(field);

  @Injectable()
  class Interceptor implements NestInterceptor {
    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const req = context.switchToHttp().getRequest<Request>();
      const res = context.switchToHttp().getResponse<Response>();
      if (!req.is('multipart/form-data')) {
        throw new DomainException(ErrorCode.UnsupportedMedia, `Envía el archivo como multipart/form-data en el campo "${field}".`);
      }
      await new Promise<void>((resolve, reject) =>
        upload(req, res, (err: unknown) => {
          if (!err) return resolve();
          const code = (err as { code?: string }).code;
          if (code === 'LIMIT_FILE_SIZE') return reject(new DomainException(ErrorCode.PayloadTooLarge, tooLargeMessage));
          if (code && code.startsWith('LIMIT_'))
            return reject(DomainException.validation({ [field]: [`Envía un solo archivo en el campo "${field}".`] }));
          reject(DomainException.validation({ [field]: ['No se pudo leer el archivo enviado.'] }));
        }),
      );
      if (!req.file) throw DomainException.validation({ [field]: [missingMessage] }, missingMessage);
      return next.handle();
    }
  }
  return mixin(Interceptor);
}
