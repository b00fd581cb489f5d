import { Body, Controller, Param, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Public } from '@core/access/access.decorators';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { SlugParamPipe } from '@core/http/slug-param.pipe';
import { PublicRegistrationDto } from '../external-events/external-events.dto';

/**
 * ONLY for bench/registration-burst.mjs (mounted when BENCH_BASELINES=1, never in production):
 * the old check-then-insert capacity logic, through the same HTTP stack, to compare against.
 * It reads the count, then inserts — two concurrent requests can both see a free place.
 */
@ApiExcludeController()
@Controller('bench-baselines')
export class NaiveRegistrationController {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  @Post('naive-register/:slug')
  @Public()
  async register(@Param('slug', SlugParamPipe) slug: string, @Body() dto: PublicRegistrationDto) {
    const [event] = await this.ds.query(`SELECT id, max_attendees, current_attendees, status FROM external_events WHERE slug = $1`, [slug]);
    if (!event || event.status !== 'published') throw new DomainException(ErrorCode.NotFound, 'El evento no existe.');
    const [{ n }] = await this.ds.query(`SELECT count(*)::int AS n FROM external_registrations WHERE event_id = $1`, [event.id]);
    if (n >= event.max_attendees) throw new DomainException(ErrorCode.Conflict, 'Evento Lleno');
    const [{ id }] = await this.ds.query(
      `INSERT INTO external_registrations (event_id, nombre, apellido_paterno, apellido_materno, fecha_nacimiento, phone, email, empresa, tipo_participante)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        event.id,
        dto.nombre,
        dto.apellido_paterno,
        dto.apellido_materno,
        dto.fecha_nacimiento,
        dto.phone,
        dto.email,
        dto.empresa ?? null,
        dto.tipo_participante,
      ],
    );
    // The naive counter: read-modify-write from the application, without a capacity check in SQL.
    await this.ds.query(`UPDATE external_events SET current_attendees = $2 WHERE id = $1`, [
      event.id,
      Math.min(n + 1, event.max_attendees),
    ]);
    return { message: '¡Registro Exitoso!', registration: { id, status: 'registered' } };
  }
}
