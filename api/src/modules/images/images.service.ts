import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { InvalidImageError, MAX_IMAGE_BYTES, processImage } from './image-processing';
import { ImagesRepository, type StoredImage } from './images.repository';

export const INVALID_IMAGE_MESSAGE = 'Por favor selecciona una imagen válida (JPG, PNG, GIF, SVG)';
export const IMAGE_TOO_LARGE_MESSAGE = 'La imagen no debe superar los 5MB';

@Injectable()
export class ImagesService {
  constructor(private readonly images: ImagesRepository) {}

  /** Validates by content, re-encodes, stores; returns the URL the image is served at. */
  async store(file: Buffer): Promise<string> {
    if (file.length > MAX_IMAGE_BYTES) throw new DomainException(ErrorCode.PayloadTooLarge, IMAGE_TOO_LARGE_MESSAGE);
    let processed;
    try {
      processed = await processImage(file);
    } catch (err) {
      if (err instanceof InvalidImageError) throw DomainException.validation({ image: [INVALID_IMAGE_MESSAGE] }, INVALID_IMAGE_MESSAGE);
      throw err;
    }
    const id = randomUUID();
    await this.images.insert({
      id,
      contentType: processed.contentType,
      bytes: processed.bytes,
      width: processed.width,
      height: processed.height,
    });
    return `/api/images/${id}.${processed.extension}`;
  }

  async find(file: string): Promise<StoredImage> {
    const match = /^([0-9a-f-]{36})\.(png|jpg|gif)$/i.exec(file);
    const image = match ? await this.images.find(match[1]) : null;
    if (!image) throw new DomainException(ErrorCode.NotFound, 'La imagen no existe.');
    return image;
  }
}
