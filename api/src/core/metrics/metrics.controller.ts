import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { MetricsReader } from '../access/access.decorators';
import { METRICS_PATH } from '../constants';
import { MetricsRegistry } from './metrics-registry';

/**
 * `GET /metrics` of an API process (api, realtime or both): outside the /api prefix (app.factory.ts) and outside the
 * OpenAPI document on purpose — it is an operator's door in Prometheus' text format, not part of the API's contract
 * (docs/decisions/plataforma.md «Quién lee /metrics»). Who may read it: @MetricsReader (core/access/metrics-access.ts).
 */
@ApiExcludeController()
@Controller(METRICS_PATH.slice(1))
export class MetricsController {
  constructor(private readonly metrics: MetricsRegistry) {}

  @Get()
  @MetricsReader()
  async scrape(@Res() res: Response): Promise<void> {
    const { contentType, body } = await this.metrics.scrape();
    // Exactly prom-client's content type (res.send would add a charset before the format's version).
    res.setHeader('Content-Type', contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.end(body);
  }
}
