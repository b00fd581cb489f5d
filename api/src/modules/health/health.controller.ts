import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Public } from '@core/access/access.decorators';
import { RedisService } from '@core/redis/redis.service';
import { Answer, S } from '@core/http/openapi-answers';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly redis: RedisService,
  ) {}

  /** 200 when PostgreSQL and Redis answer, 503 otherwise. No personal data. */
  @Get()
  @Public()
  @Answer(
    200,
    'PostgreSQL y Redis responden (503 con el mismo cuerpo si alguno no).',
    S.object({ status: S.oneOf(['ok', 'degraded']), database: S.oneOf(['ok', 'down']), redis: S.oneOf(['ok', 'down']) }),
  )
  async health(@Res({ passthrough: true }) res: Response) {
    const database = await this.ds
      .query('SELECT 1')
      .then(() => 'ok' as const)
      .catch(() => 'down' as const);
    const redis = (await this.redis.ping()) ? ('ok' as const) : ('down' as const);
    const status = database === 'ok' && redis === 'ok' ? 'ok' : 'degraded';
    res.status(status === 'ok' ? 200 : 503);
    return { status, database, redis };
  }
}
