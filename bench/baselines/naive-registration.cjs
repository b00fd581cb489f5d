// ONLY for bench/registration-burst.mjs: the old check-then-insert capacity logic, through the same HTTP
// stack (guards, validation pipe, DTO), to compare against. It reads the count, then inserts — two
// concurrent requests can both see a free place. Plain JavaScript with the decorators applied by hand,
// so that it runs against the compiled API without being part of it.
'use strict';
const { join } = require('node:path');
const { Body, Controller, Module, Param, Post, Inject } = require('@nestjs/common');
const { ApiExcludeController } = require('@nestjs/swagger');
const { getDataSourceToken } = require('@nestjs/typeorm');
const dist = join(__dirname, '../../dist/api/src');
const { Public } = require(join(dist, 'core/access/access.decorators.js'));
const { DomainException, ErrorCode } = require(join(dist, 'core/errors/domain-exception.js'));
const { SlugParamPipe } = require(join(dist, 'core/http/slug-param.pipe.js'));
const { PublicRegistrationDto } = require(join(dist, 'modules/external-events/external-events.dto.js'));

class NaiveRegistrationController {
  constructor(ds) {
    this.ds = ds;
  }

  async register(slug, dto) {
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

// What `@Controller('bench-baselines')`, `@Post(...) @Public()`, `@Param('slug', SlugParamPipe)`, `@Body()` and
// the constructor's `@InjectDataSource()` would write, with the parameter types the validation pipe reads.
const proto = NaiveRegistrationController.prototype;
const descriptor = Object.getOwnPropertyDescriptor(proto, 'register');
Reflect.defineMetadata('design:paramtypes', [String, PublicRegistrationDto], proto, 'register');
Param('slug', SlugParamPipe)(proto, 'register', 0);
Body()(proto, 'register', 1);
Reflect.decorate([Post('naive-register/:slug'), Public()], proto, 'register', descriptor);
Inject(getDataSourceToken())(NaiveRegistrationController, undefined, 0);
Reflect.decorate([ApiExcludeController(), Controller('bench-baselines')], NaiveRegistrationController);

class NaiveBaselineModule {}
Module({ controllers: [NaiveRegistrationController] })(NaiveBaselineModule);

module.exports = { NaiveBaselineModule, NaiveRegistrationController };
