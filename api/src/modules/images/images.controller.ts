import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '@core/access/access.decorators';
import { RateLimit } from '@core/http/rate-limit.guard';
import { ImagesService } from './images.service';
import { FileAnswer } from '@core/http/openapi-answers';

@ApiTags('images')
@Controller('images')
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  /** Re-encoded raster images only; ids are random and content never changes, so caching is forever. */
  @ApiOperation({ summary: 'Descargar una imagen subida' })
  @Get(':file')
  @FileAnswer(200, 'La imagen (PNG, JPEG o GIF), con caché inmutable.', 'image/*')
  @Public()
  @RateLimit('public-read')
  async serve(@Param('file') file: string, @Res() res: Response): Promise<void> {
    const image = await this.images.find(file);
    res.setHeader('Content-Type', image.contentType);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('Content-Disposition', 'inline');
    res.end(image.bytes);
  }
}
