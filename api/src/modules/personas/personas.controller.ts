import { Body, Controller, Param, ParseEnumPipe, ParseUUIDPipe, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { RequireAnyPermission, RequirePermission } from '@core/access/access.decorators';
import { Actor } from '@core/access/current-user';
import { IMPORT_MAX_BYTES } from './personas.constants';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import type { EventActor } from '@shared/events/domain-events';
import { Endpoint } from '@core/http/endpoint';
import { FileUploadInterceptor } from '@core/http/file-upload.interceptor';
import { exportAnswer, sendAttachment } from '@core/http/downloads';
import { IdParam } from '@core/http/id-param.pipe';
import { ApiFileUpload } from '@core/http/openapi-schemas';
import { PersonaImportsService } from './persona-imports.service';
import { DismissDuplicateDto, DuplicatesQueryDto, LookupValueDto, MergeDto, PersonaDto, PersonasQueryDto } from './personas.dto';
import { MergeService } from './merge/merge.service';
import { DedupeService } from './dedupe/dedupe.service';
import { PersonasService } from './personas.service';
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
@Controller('personas')
export class PersonasController {
  constructor(
    private readonly personas: PersonasService,
    private readonly imports: PersonaImportsService,
    private readonly dedupe: DedupeService,
    private readonly merges: MergeService,
  ) {}

  @Endpoint('GET', 'Listar las personas', RequirePermission('personas', 'view'), {
    200: ['Una página de 10 personas.', PersonasAnswers.page],
  })
  list(@Query() query: PersonasQueryDto) {
    return this.personas.page(query);
  }

  @Endpoint('GET lookup-data', 'Ver los catálogos del formulario de personas', RequirePermission('personas', 'view'), {
    200: ['Catálogos, municipios y estados del formulario.', PersonasAnswers.lookup],
  })
  lookupData() {
    return this.personas.lookupData();
  }

  @Endpoint('GET stats', 'Ver las estadísticas de personas', RequirePermission('personas', 'view'), {
    200: ['Totales por nivel de completitud.', PersonasAnswers.stats],
  })
  stats() {
    return this.personas.stats();
  }

  @Endpoint('POST lookup-value', 'Agregar un valor a un catálogo', RequireAnyPermission('personas', 'create', 'edit'), {
    201: ['Valor de catálogo agregado (o el existente).', PersonasAnswers.lookupValue],
  })
  addLookupValue(@Body() dto: LookupValueDto, @Actor() actor: EventActor) {
    return this.personas.addLookupValue(dto.type, dto.nombre, actor);
  }

  /** Accepts the file and answers 202 with the import id; the import runs in the workers. */
  @Endpoint('POST import-csv', 'Importar personas de un CSV', RequirePermission('personas', 'view', 'create', 'edit'), {
    202: ['Archivo aceptado; la importación corre en segundo plano.', PersonasAnswers.importStarted],
  })
  @ApiFileUpload('file', 'Archivo .csv con encabezado nombre,contacto (UTF-8 o ISO-8859-1), de hasta 10 MB.')
  @UseInterceptors(
    FileUploadInterceptor('file', IMPORT_MAX_BYTES, 'El archivo no debe superar los 10MB', 'Por favor selecciona un archivo CSV'),
  )
  async importCsv(@UploadedFile() file: Express.Multer.File, @Actor() actor: EventActor) {
    const started = await this.imports.start(file, actor);
    return { ...started, message: 'Importación iniciada' };
  }

  @Endpoint('GET import-csv', 'Listar las importaciones recientes', RequirePermission('personas', 'view'), {
    200: ['Importaciones recientes.', PersonasAnswers.imports],
  })
  async recentImports() {
    return { imports: await this.imports.recent() };
  }

  @Endpoint('GET import-csv/:importId', 'Ver el avance de una importación', RequirePermission('personas', 'view'), {
    200: ['Estado de una importación.', PersonasAnswers.importStatus],
  })
  importStatus(@Param('importId', ImportId) importId: string) {
    return this.imports.get(importId);
  }

  /** The rejected rows' file: for those who may import (the modal that offers it is theirs). */
  @Endpoint(
    'GET import-csv/:importId/errors',
    'Descargar las filas rechazadas de una importación (CSV)',
    RequirePermission('personas', 'view', 'create', 'edit'),
    { 200: exportAnswer('csv', 'Filas rechazadas') },
  )
  async importErrors(@Param('importId', ImportId) importId: string, @Res() res: Response) {
    sendAttachment(res, await this.imports.errorsFile(importId, 'csv'));
  }

  /** The same rows as an Excel workbook, with the same permission. */
  @Endpoint(
    'GET import-csv/:importId/errors.xlsx',
    'Descargar las filas rechazadas de una importación (Excel)',
    RequirePermission('personas', 'view', 'create', 'edit'),
    { 200: exportAnswer('xlsx', 'Filas rechazadas') },
  )
  async importErrorsXlsx(@Param('importId', ImportId) importId: string, @Res() res: Response) {
    sendAttachment(res, await this.imports.errorsFile(importId, 'xlsx'));
  }

  /** Possible duplicates: pairs above the score setting, best first, 10 per page. */
  @Endpoint('GET duplicados', 'Listar los posibles duplicados de personas', RequirePermission('personas', 'view'), {
    200: ['Posibles duplicados: pares con su puntaje y motivos.', PersonasAnswers.duplicates],
  })
  duplicates(@Query() query: DuplicatesQueryDto) {
    return this.dedupe.page(query.page);
  }

  /** 'No es duplicado': the pair is never listed again (needs edit: it changes what colleagues see). */
  @Endpoint('POST duplicados/descartar', 'Descartar un posible duplicado', RequirePermission('personas', 'view', 'edit'), {
    200: ['Par marcado como personas distintas.', PersonasAnswers.duplicateDismissed],
  })
  async dismissDuplicate(@Body() dto: DismissDuplicateDto, @Actor() actor: EventActor) {
    const result = await this.dedupe.dismiss(dto.persona_ids, actor);
    return { ...result, message: 'Marcadas como personas distintas' };
  }

  /**
   * Merges people into one: per field whose value wins, every reference moved to the survivor, one audited action.
   * Needs edit and delete (the merged people are removed); 409 when another merge holds one of them.
   */
  @Endpoint('POST fusiones', 'Fusionar personas duplicadas en una', RequirePermission('personas', 'view', 'edit', 'delete'), {
    201: ['Personas fusionadas: la fusión con su id (para deshacerla) y lo que se movió.', PersonasAnswers.merged('Personas fusionadas')],
  })
  async merge(@Body() dto: MergeDto, @Actor() actor: EventActor) {
    return { ...(await this.merges.merge(dto, actor)), message: 'Personas fusionadas' };
  }

  /** Undoes a merge exactly (409 once undone, or once its people changed since). */
  @Endpoint('POST fusiones/:id/deshacer', 'Deshacer una fusión de personas', RequirePermission('personas', 'view', 'edit', 'delete'), {
    200: ['Fusión deshecha: las personas vuelven con sus referencias.', PersonasAnswers.merged('Fusión deshecha')],
  })
  async undoMerge(@Param('id', MergeId) id: string, @Actor() actor: EventActor) {
    return { ...(await this.merges.undo(id, actor)), message: 'Fusión deshecha' };
  }

  /** The rows of an import that matched a stored person: skipped by name, and the review list. */
  @Endpoint(
    'GET import-csv/:importId/duplicados',
    'Listar las filas de una importación que parecen duplicadas',
    RequirePermission('personas', 'view'),
    { 200: ['Filas omitidas por duplicado y filas por revisar.', PersonasAnswers.importDuplicates] },
  )
  importDuplicates(@Param('importId', ImportId) importId: string) {
    return this.dedupe.importDuplicates(importId);
  }

  /** Decides a row of the review list: 'crear' writes the person, 'descartar' leaves it out (who may import decides). */
  @Endpoint(
    'POST import-csv/:importId/duplicados/:fila/:accion',
    'Decidir qué hacer con una fila duplicada de una importación',
    RequirePermission('personas', 'view', 'create', 'edit'),
    { 200: ['Fila revisada.', PersonasAnswers.importDuplicateRow] },
  )
  async decideImportRow(
    @Param('importId', ImportId) importId: string,
    @IdParam('fila') fila: number,
    @Param('accion', ReviewAction) accion: 'crear' | 'descartar',
    @Actor() actor: EventActor,
  ) {
    const fila_ = await this.dedupe.decideImportRow(importId, fila, accion, actor);
    return { fila: fila_, message: accion === 'crear' ? 'Persona creada exitosamente' : 'Fila descartada' };
  }

  @Endpoint('GET :id', 'Ver una persona', RequirePermission('personas', 'view'), { 200: ['Una persona.', PersonasAnswers.one] })
  async get(@IdParam() id: number) {
    return { persona: await this.personas.get(id) };
  }

  @Endpoint('POST', 'Crear una persona', RequirePermission('personas', 'create'), {
    201: ['Persona creada.', PersonasAnswers.saved('Persona creada exitosamente')],
  })
  async create(@Body() dto: PersonaDto, @Actor() actor: EventActor) {
    return { persona: await this.personas.create(dto, actor), message: 'Persona creada exitosamente' };
  }

  @Endpoint('PUT :id', 'Editar una persona', RequirePermission('personas', 'edit'), {
    200: ['Persona actualizada.', PersonasAnswers.saved('Persona actualizada exitosamente')],
  })
  async update(@IdParam() id: number, @Body() dto: PersonaDto, @Actor() actor: EventActor) {
    return { persona: await this.personas.update(id, dto, actor), message: 'Persona actualizada exitosamente' };
  }

  @Endpoint('DELETE :id', 'Eliminar una persona', RequirePermission('personas', 'delete'), {
    200: ['Persona eliminada.', PersonasAnswers.deleted],
  })
  async remove(@IdParam() id: number, @Actor() actor: EventActor) {
    await this.personas.remove(id, actor);
    return { message: 'Persona eliminada exitosamente' };
  }
}
