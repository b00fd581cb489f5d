import { Controller, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Public } from '@core/access/access.decorators';
import { RedisService } from '@core/redis/redis.service';
import { Endpoint } from '@core/http/endpoint';
import { S } from '@core/http/openapi-answers';
import { ShutdownState } from '@core/process/shutdown-state';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly redis: RedisService,
    private readonly shutdown: ShutdownState,
  ) {}

  /** 200 when PostgreSQL and Redis answer, 503 otherwise (and while the process drains before stopping). No personal data. */
  @Endpoint('GET', 'Estado del proceso y de sus servicios', Public(), {
    200: [
      'PostgreSQL y Redis responden (503 con el mismo cuerpo si alguno no, o `draining` si el proceso se está deteniendo).',
      S.object({ status: S.oneOf(['ok', 'degraded', 'draining']), database: S.oneOf(['ok', 'down']), redis: S.oneOf(['ok', 'down']) }),
    ],
  })
  async health(@Res({ passthrough: true }) res: Response) {
    const database = await this.ds
      .query('SELECT 1')
      .then(() => 'ok' as const)
      .catch(() => 'down' as const);
    const redis = (await this.redis.ping()) ? ('ok' as const) : ('down' as const);
    const status = this.shutdown.draining ? 'draining' : database === 'ok' && redis === 'ok' ? 'ok' : 'degraded';
    res.status(status === 'ok' ? 200 : 503);
    return { status, database, redis };
  }
}
