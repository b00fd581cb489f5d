import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { MAX_IMAGE_BYTES } from './image-processing';
import { IMAGE_TOO_LARGE_MESSAGE } from './images.service';

const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 } }).single(
  'image',
);

/** Reads the multipart part `image` into memory (≤ 5 MB), answering multer's errors in Spanish. */
@Injectable()
export class ImageUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    if (!req.is('multipart/form-data')) {
      throw new DomainException(ErrorCode.UnsupportedMedia, 'Envía la imagen como multipart/form-data en el campo "image".');
    }
    await new Promise<void>((resolve, reject) =>
      upload(req, res, (err: unknown) => {
        if (!err) return resolve();
        const code = (err as { code?: string }).code;
        if (code === 'LIMIT_FILE_SIZE') return reject(new DomainException(ErrorCode.PayloadTooLarge, IMAGE_TOO_LARGE_MESSAGE));
        if (code && code.startsWith('LIMIT_'))
          return reject(DomainException.validation({ image: ['Envía una sola imagen en el campo "image".'] }));
        reject(DomainException.validation({ image: ['No se pudo leer el archivo enviado.'] }));
      }),
    );
    if (!req.file) throw DomainException.validation({ image: ['Selecciona una imagen.'] }, 'Selecciona una imagen.');
    return next.handle();
  }
}
