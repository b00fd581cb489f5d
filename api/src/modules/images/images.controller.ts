import { Controller, Param, Res } from '@nestjs/common';
import { PublicRead } from '@core/http/public-routes';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ImagesService } from './images.service';
import { fileAnswer } from '@core/http/openapi-answers';

@ApiTags('images')
@Controller('images')
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  /** Re-encoded raster images only; ids are random and content never changes, so caching is forever. */
  @PublicRead(':file', 'Descargar una imagen subida', {
    200: fileAnswer('La imagen (PNG, JPEG o GIF), con caché inmutable.', 'image/*'),
  })
  async serve(@Param('file') file: string, @Res() res: Response): Promise<void> {
    const image = await this.images.find(file);
    res.setHeader('Content-Type', image.contentType);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('Content-Disposition', 'inline');
    res.end(image.bytes);
  }
}
