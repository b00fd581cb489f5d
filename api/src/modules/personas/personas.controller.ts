import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { RequireAnyPermission, RequirePermission } from '@core/access/access.decorators';
import { Actor } from '@core/access/current-user';
import { IMPORT_MAX_BYTES } from '@core/constants';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import type { EventActor } from '@core/events/domain-events';
import { FileUploadInterceptor } from '@core/http/file-upload.interceptor';
import { IdParamPipe } from '@core/http/id-param.pipe';
import { PersonaImportsService } from './persona-imports.service';
import { LookupValueDto, PersonaDto, PersonasQueryDto } from './personas.dto';
import { PersonasService } from './personas.service';

const ImportId = new ParseUUIDPipe({ exceptionFactory: () => new DomainException(ErrorCode.NotFound, 'La importación no existe.') });

/** People database (spec 3 §2.1–2.5, §7). Gated by the eventos_internos permissions (spec 3 §6). */
@ApiTags('personas')
@ApiBearerAuth()
@Controller('personas')
export class PersonasController {
  constructor(
    private readonly personas: PersonasService,
    private readonly imports: PersonaImportsService,
  ) {}

  @Get()
  @RequirePermission('eventos_internos', 'view')
  list(@Query() query: PersonasQueryDto) {
    return this.personas.page(query);
  }

  @Get('lookup-data')
  @RequirePermission('eventos_internos', 'view')
  lookupData() {
    return this.personas.lookupData();
  }

  @Get('stats')
  @RequirePermission('eventos_internos', 'view')
  stats() {
    return this.personas.stats();
  }

  @Post('lookup-value')
  @RequireAnyPermission('eventos_internos', 'create', 'edit')
  addLookupValue(@Body() dto: LookupValueDto, @Actor() actor: EventActor) {
    return this.personas.addLookupValue(dto.type, dto.nombre, actor);
  }

  /** Accepts the file and answers 202 with the import id; the import runs in the workers. */
  @Post('import-csv')
  @HttpCode(202)
  @RequirePermission('eventos_internos', 'view', 'create', 'edit')
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(
    FileUploadInterceptor('file', IMPORT_MAX_BYTES, 'El archivo no debe superar los 10MB', 'Por favor selecciona un archivo CSV'),
  )
  async importCsv(@UploadedFile() file: Express.Multer.File, @Actor() actor: EventActor) {
    const started = await this.imports.start(file, actor);
    return { ...started, message: 'Importación iniciada' };
  }

  @Get('import-csv')
  @RequirePermission('eventos_internos', 'view')
  async recentImports() {
    return { imports: await this.imports.recent() };
  }

  @Get('import-csv/:importId')
  @RequirePermission('eventos_internos', 'view')
  importStatus(@Param('importId', ImportId) importId: string) {
    return this.imports.get(importId);
  }

  /** The rejected rows' file: for those who may import (the modal that offers it is theirs). */
  @Get('import-csv/:importId/errors')
  @RequirePermission('eventos_internos', 'view', 'create', 'edit')
  async importErrors(@Param('importId', ImportId) importId: string, @Res() res: Response) {
    const { filename, body } = await this.imports.errorsCsv(importId);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    res.send(body);
  }

  @Get(':id')
  @RequirePermission('eventos_internos', 'view')
  async get(@Param('id', IdParamPipe) id: number) {
    return { persona: await this.personas.get(id) };
  }

  @Post()
  @RequirePermission('eventos_internos', 'create')
  async create(@Body() dto: PersonaDto, @Actor() actor: EventActor) {
    return { persona: await this.personas.create(dto, actor), message: 'Persona creada exitosamente' };
  }

  @Put(':id')
  @RequirePermission('eventos_internos', 'edit')
  async update(@Param('id', IdParamPipe) id: number, @Body() dto: PersonaDto, @Actor() actor: EventActor) {
    return { persona: await this.personas.update(id, dto, actor), message: 'Persona actualizada exitosamente' };
  }

  @Delete(':id')
  @RequirePermission('eventos_internos', 'delete')
  async remove(@Param('id', IdParamPipe) id: number, @Actor() actor: EventActor) {
    await this.personas.remove(id, actor);
    return { message: 'Persona eliminada exitosamente' };
  }
}
