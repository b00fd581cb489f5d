import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseEnumPipe,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { RequireAnyPermission, RequirePermission } from '@core/access/access.decorators';
import { Actor } from '@core/access/current-user';
import { IMPORT_MAX_BYTES } from './personas.constants';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import type { EventActor } from '@shared/events/domain-events';
import { FileUploadInterceptor } from '@core/http/file-upload.interceptor';
import { ExportAnswer, sendAttachment } from '@core/http/downloads';
import { IdParam } from '@core/http/id-param.pipe';
import { ApiFileUpload } from '@core/http/openapi-schemas';
import { PersonaImportsService } from './persona-imports.service';
import { DismissDuplicateDto, DuplicatesQueryDto, LookupValueDto, MergeDto, PersonaDto, PersonasQueryDto } from './personas.dto';
import { MergeService } from './merge/merge.service';
import { DedupeService } from './dedupe/dedupe.service';
import { PersonasService } from './personas.service';
import { Answer } from '@core/http/openapi-answers';
import { PersonasAnswers } from './personas.openapi';

const ReviewAction = new ParseEnumPipe(['crear', 'descartar'], {
  exceptionFactory: () => new DomainException(ErrorCode.NotFound, 'La acción no existe.'),
});
const MergeId = new ParseUUIDPipe({ exceptionFactory: () => new DomainException(ErrorCode.NotFound, 'La fusión no existe.') });
const ImportId = new ParseUUIDPipe({ exceptionFactory: () => new DomainException(ErrorCode.NotFound, 'La importación no existe.') });

/**
 * People database (spec 3 §2.1–2.5, §7). Gated by its own area, `personas` (view/create/edit/delete;
 * import needs view + create + edit, as spec 3 §6 phrases it), see docs/decisions.md.
 */
@ApiTags('personas')
@ApiBearerAuth()
@Controller('personas')
export class PersonasController {
  constructor(
    private readonly personas: PersonasService,
    private readonly imports: PersonaImportsService,
    private readonly dedupe: DedupeService,
    private readonly merges: MergeService,
  ) {}

  @ApiOperation({ summary: 'Listar las personas' })
  @Get()
  @Answer(200, 'Una página de 10 personas.', PersonasAnswers.page)
  @RequirePermission('personas', 'view')
  list(@Query() query: PersonasQueryDto) {
    return this.personas.page(query);
  }

  @ApiOperation({ summary: 'Ver los catálogos del formulario de personas' })
  @Get('lookup-data')
  @Answer(200, 'Catálogos, municipios y estados del formulario.', PersonasAnswers.lookup)
  @RequirePermission('personas', 'view')
  lookupData() {
    return this.personas.lookupData();
  }

  @ApiOperation({ summary: 'Ver las estadísticas de personas' })
  @Get('stats')
  @Answer(200, 'Totales por nivel de completitud.', PersonasAnswers.stats)
  @RequirePermission('personas', 'view')
  stats() {
    return this.personas.stats();
  }

  @ApiOperation({ summary: 'Agregar un valor a un catálogo' })
  @Post('lookup-value')
  @Answer(201, 'Valor de catálogo agregado (o el existente).', PersonasAnswers.lookupValue)
  @RequireAnyPermission('personas', 'create', 'edit')
  addLookupValue(@Body() dto: LookupValueDto, @Actor() actor: EventActor) {
    return this.personas.addLookupValue(dto.type, dto.nombre, actor);
  }

  /** Accepts the file and answers 202 with the import id; the import runs in the workers. */
  @ApiOperation({ summary: 'Importar personas de un CSV' })
  @Post('import-csv')
  @Answer(202, 'Archivo aceptado; la importación corre en segundo plano.', PersonasAnswers.importStarted)
  @HttpCode(202)
  @ApiFileUpload('file', 'Archivo .csv con encabezado nombre,contacto (UTF-8 o ISO-8859-1), de hasta 10 MB.')
  @RequirePermission('personas', 'view', 'create', 'edit')
  @UseInterceptors(
    FileUploadInterceptor('file', IMPORT_MAX_BYTES, 'El archivo no debe superar los 10MB', 'Por favor selecciona un archivo CSV'),
  )
  async importCsv(@UploadedFile() file: Express.Multer.File, @Actor() actor: EventActor) {
    const started = await this.imports.start(file, actor);
    return { ...started, message: 'Importación iniciada' };
  }

  @ApiOperation({ summary: 'Listar las importaciones recientes' })
  @Get('import-csv')
  @Answer(200, 'Importaciones recientes.', PersonasAnswers.imports)
  @RequirePermission('personas', 'view')
  async recentImports() {
    return { imports: await this.imports.recent() };
  }

  @ApiOperation({ summary: 'Ver el avance de una importación' })
  @Get('import-csv/:importId')
  @Answer(200, 'Estado de una importación.', PersonasAnswers.importStatus)
  @RequirePermission('personas', 'view')
  importStatus(@Param('importId', ImportId) importId: string) {
    return this.imports.get(importId);
  }

  /** The rejected rows' file: for those who may import (the modal that offers it is theirs). */
  @Get('import-csv/:importId/errors')
  @ExportAnswer('csv', 'Descargar las filas rechazadas de una importación (CSV)', 'Filas rechazadas')
  @RequirePermission('personas', 'view', 'create', 'edit')
  async importErrors(@Param('importId', ImportId) importId: string, @Res() res: Response) {
    sendAttachment(res, await this.imports.errorsFile(importId, 'csv'));
  }

  /** The same rows as an Excel workbook, with the same permission. */
  @Get('import-csv/:importId/errors.xlsx')
  @ExportAnswer('xlsx', 'Descargar las filas rechazadas de una importación (Excel)', 'Filas rechazadas')
  @RequirePermission('personas', 'view', 'create', 'edit')
  async importErrorsXlsx(@Param('importId', ImportId) importId: string, @Res() res: Response) {
    sendAttachment(res, await this.imports.errorsFile(importId, 'xlsx'));
  }

  /** Possible duplicates: pairs above the score setting, best first, 10 per page. */
  @ApiOperation({ summary: 'Listar los posibles duplicados de personas' })
  @Get('duplicados')
  @Answer(200, 'Posibles duplicados: pares con su puntaje y motivos.', PersonasAnswers.duplicates)
  @RequirePermission('personas', 'view')
  duplicates(@Query() query: DuplicatesQueryDto) {
    return this.dedupe.page(query.page);
  }

  /** 'No es duplicado': the pair is never listed again (needs edit: it changes what colleagues see). */
  @ApiOperation({ summary: 'Descartar un posible duplicado' })
  @Post('duplicados/descartar')
  @HttpCode(200)
  @Answer(200, 'Par marcado como personas distintas.', PersonasAnswers.duplicateDismissed)
  @RequirePermission('personas', 'view', 'edit')
  async dismissDuplicate(@Body() dto: DismissDuplicateDto, @Actor() actor: EventActor) {
    const result = await this.dedupe.dismiss(dto.persona_ids, actor);
    return { ...result, message: 'Marcadas como personas distintas' };
  }

  /**
   * Merges people into one: per field whose value wins, every reference moved to the survivor, one audited action.
   * Needs edit and delete (the merged people are removed); 409 when another merge holds one of them.
   */
  @Post('fusiones')
  @ApiOperation({ summary: 'Fusionar personas duplicadas en una' })
  @Answer(
    201,
    'Personas fusionadas: la fusión con su id (para deshacerla) y lo que se movió.',
    PersonasAnswers.merged('Personas fusionadas'),
  )
  @RequirePermission('personas', 'view', 'edit', 'delete')
  async merge(@Body() dto: MergeDto, @Actor() actor: EventActor) {
    return { ...(await this.merges.merge(dto, actor)), message: 'Personas fusionadas' };
  }

  /** Undoes a merge exactly (409 once undone, or once its people changed since). */
  @Post('fusiones/:id/deshacer')
  @ApiOperation({ summary: 'Deshacer una fusión de personas' })
  @HttpCode(200)
  @Answer(200, 'Fusión deshecha: las personas vuelven con sus referencias.', PersonasAnswers.merged('Fusión deshecha'))
  @RequirePermission('personas', 'view', 'edit', 'delete')
  async undoMerge(@Param('id', MergeId) id: string, @Actor() actor: EventActor) {
    return { ...(await this.merges.undo(id, actor)), message: 'Fusión deshecha' };
  }

  /** The rows of an import that matched a stored person: skipped by name, and the review list. */
  @ApiOperation({ summary: 'Listar las filas de una importación que parecen duplicadas' })
  @Get('import-csv/:importId/duplicados')
  @Answer(200, 'Filas omitidas por duplicado y filas por revisar.', PersonasAnswers.importDuplicates)
  @RequirePermission('personas', 'view')
  importDuplicates(@Param('importId', ImportId) importId: string) {
    return this.dedupe.importDuplicates(importId);
  }

  /** Decides a row of the review list: 'crear' writes the person, 'descartar' leaves it out (who may import decides). */
  @ApiOperation({ summary: 'Decidir qué hacer con una fila duplicada de una importación' })
  @Post('import-csv/:importId/duplicados/:fila/:accion')
  @HttpCode(200)
  @Answer(200, 'Fila revisada.', PersonasAnswers.importDuplicateRow)
  @RequirePermission('personas', 'view', 'create', 'edit')
  async decideImportRow(
    @Param('importId', ImportId) importId: string,
    @IdParam('fila') fila: number,
    @Param('accion', ReviewAction) accion: 'crear' | 'descartar',
    @Actor() actor: EventActor,
  ) {
    const fila_ = await this.dedupe.decideImportRow(importId, fila, accion, actor);
    return { fila: fila_, message: accion === 'crear' ? 'Persona creada exitosamente' : 'Fila descartada' };
  }

  @ApiOperation({ summary: 'Ver una persona' })
  @Get(':id')
  @Answer(200, 'Una persona.', PersonasAnswers.one)
  @RequirePermission('personas', 'view')
  async get(@IdParam() id: number) {
    return { persona: await this.personas.get(id) };
  }

  @ApiOperation({ summary: 'Crear una persona' })
  @Post()
  @Answer(201, 'Persona creada.', PersonasAnswers.saved('Persona creada exitosamente'))
  @RequirePermission('personas', 'create')
  async create(@Body() dto: PersonaDto, @Actor() actor: EventActor) {
    return { persona: await this.personas.create(dto, actor), message: 'Persona creada exitosamente' };
  }

  @ApiOperation({ summary: 'Editar una persona' })
  @Put(':id')
  @Answer(200, 'Persona actualizada.', PersonasAnswers.saved('Persona actualizada exitosamente'))
  @RequirePermission('personas', 'edit')
  async update(@IdParam() id: number, @Body() dto: PersonaDto, @Actor() actor: EventActor) {
    return { persona: await this.personas.update(id, dto, actor), message: 'Persona actualizada exitosamente' };
  }

  @ApiOperation({ summary: 'Eliminar una persona' })
  @Delete(':id')
  @Answer(200, 'Persona eliminada.', PersonasAnswers.deleted)
  @RequirePermission('personas', 'delete')
  async remove(@IdParam() id: number, @Actor() actor: EventActor) {
    await this.personas.remove(id, actor);
    return { message: 'Persona eliminada exitosamente' };
  }
}
