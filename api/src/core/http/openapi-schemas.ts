import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiProperty, type OpenAPIObject } from '@nestjs/swagger';
import { defaultMetadataStorage as transformerTypes } from 'class-transformer/cjs/storage';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { MESSAGES } from '../errors/validation-messages';
import { namedSchemas } from './openapi-answers';
import { isPresent } from './omittable.decorator';
import { MAX_INT32 } from '../constants';
import { ACTIONS, AREAS } from '@shared/permissions';
import { ACCESS_EXTENSION, type AccessRule } from '../access/access.decorators';

/** Swagger's key for a property's options (what @ApiProperty writes). */
const API_MODEL_PROPERTIES = 'swagger/apiModelProperties';

type PropertyOptions = Record<string, unknown>;

/** Examples for the spec's field names (Spanish data, as a client of Monterrey would send it). */
const EXAMPLES: Record<string, unknown> = {
  title: 'Feria del Empleo Monterrey 2026',
  description: 'Encuentro de empresas regiomontanas con buscadores de empleo.',
  event_date: '2026-12-05T16:00:00.000Z',
  end_date: '2026-12-05T22:00:00.000Z',
  location: 'Parque Fundidora, Monterrey',
  max_attendees: 50,
  requirements: ['Identificación oficial', 'Currículum impreso'],
  agenda: ['10:00 Bienvenida', '11:00 Conferencia'],
  image_url: '/api/images/3f2b8c1e-5d4a-4e6b-9c7d-2a1b0c9d8e7f.png',
  name: 'María Fernanda Garza',
  email: 'maria.garza@monterrey.gob.mx',
  password: 'contraseña-segura-1',
  password_confirmation: 'contraseña-segura-1',
  remember: true,
  is_super_admin: false,
  permissions: { eventos_externos: ['view', 'create'], personas: ['view'] },
  nombre: 'JOSÉ ÁNGEL',
  apellido_paterno: 'GARZA',
  apellido_materno: 'PEÑA',
  fecha_nacimiento: '1990-05-17',
  phone: '8112345678',
  empresa: 'CERVECERÍA DEL NORTE',
  tipo_participante: 'Empresario',
  telefono_oficina: '8183456789',
  extension_oficina: '120',
  telefono_celular: '8112345678',
  correo_electronico: 'JOSE.GARZA@CORREO.MX',
  direccion_calle: 'AV. CONSTITUCIÓN',
  direccion_numero: '400',
  direccion_colonia: 'CENTRO',
  direccion_ciudad: 'MONTERREY',
  direccion_estado: 'NUEVO LEÓN',
  invita: 'SECRETARÍA DE DESARROLLO ECONÓMICO',
  expires_at: '2027-06-30T23:59:59.000Z',
  search: 'garza',
  page: 1,
  filas: 8,
  asientos_por_fila: 12,
};

/**
 * Describes every DTO for OpenAPI from its class-validator rules, so a DTO is documented by writing its
 * validation (nothing to keep in step by hand, and a new module's DTOs are described too): type, format,
 * enum, limits, whether it is required or nullable, a Spanish description made of the field's rules and an
 * example. An explicit @ApiProperty on a field wins over what is derived here. Called once before the
 * document is built (the @nestjs/swagger CLI plugin would need `nest build`; this project compiles with tsc).
 */
export function describeDtosFromValidation(): void {
  const storage = getMetadataStorage() as unknown as {
    validationMetadatas: Map<object, ValidationMetadata[]>;
    getTargetValidationMetadatas(target: object, schema: string, always: boolean, strictGroups: boolean): ValidationMetadata[];
  };
  for (const target of storage.validationMetadatas.keys()) {
    if (typeof target !== 'function') continue;
    // A DTO that extends another (UpdateX extends XFields) is validated with its parents' rules too, as
    // class-validator merges them: it is documented with them, on its own prototype (Swagger reads each
    // class's own list of properties).
    const byProperty = new Map<string, ValidationMetadata[]>();
    for (const m of storage.getTargetValidationMetadatas(target, '', false, false)) {
      byProperty.set(m.propertyName, [...(byProperty.get(m.propertyName) ?? []), m]);
    }
    for (const [property, rules] of byProperty) {
      const prototype = (target as { prototype: object }).prototype;
      const explicit = (Reflect.getMetadata(API_MODEL_PROPERTIES, prototype, property) ?? {}) as PropertyOptions;
      const derived = { ...propertySchema(property, rules), ...nestedSchema(target, property, rules) };
      // A bare @ApiProperty records the reflected design type (Object for `number | null`): the rules know better.
      const { type, ...rest } = explicit;
      const merged = { ...derived, ...rest, ...(type !== undefined && type !== Object ? { type } : {}) };
      if (Array.isArray(merged.type)) delete (merged as PropertyOptions).items;
      Reflect.deleteMetadata(API_MODEL_PROPERTIES, prototype, property);
      ApiProperty(merged as never)(prototype, property);
    }
  }
}

/** A nested DTO (`@ValidateNested` with class-transformer's `@Type`) documented as its own schema, not a bare object. */
function nestedSchema(target: object, property: string, rules: ValidationMetadata[]): PropertyOptions {
  if (!rules.some((r) => r.type === 'nestedValidation')) return {};
  const found = transformerTypes.findTypeMetadata(target as never, property) as { typeFunction?: () => unknown } | undefined;
  const nested = found?.typeFunction?.();
  if (typeof nested !== 'function') return {};
  return rules.some((r) => r.name === 'isArray') ? { type: [nested] } : { type: nested };
}

/**
 * A field a client may leave out: @IsOptional or @Omittable. Any other @ValidateIf (a rule that applies only
 * with another field's value: the entrepreneurship's details, a full payload…) keeps it required in the
 * document: sending it always is valid, leaving it out is not always.
 */
function isOptionalRule(r: ValidationMetadata): boolean {
  return r.type === 'conditionalValidation' && (r.name === 'isOptional' || (r.constraints as unknown[] | undefined)?.[0] === isPresent);
}

function propertySchema(property: string, rules: ValidationMetadata[]): PropertyOptions {
  const named = (name: string) => rules.find((r) => r.name === name || r.type === name);
  const own = rules.filter((r) => !r.each);
  const each = rules.filter((r) => r.each);
  const optional = rules.some(isOptionalRule);
  const schema: PropertyOptions = { ...valueSchema(own), required: !optional };
  if (named('isOptional')) schema.nullable = true;
  if (schema.type === 'array') schema.items = { type: 'string', ...(valueSchema(each) as object) };
  const example = EXAMPLES[property] ?? exampleOf(schema);
  if (example !== undefined) schema.example = example;
  schema.description = describe(property, rules);
  return schema;
}

/** The JSON schema of a value from the rules that apply to it. */
function valueSchema(rules: ValidationMetadata[]): PropertyOptions {
  const s: PropertyOptions = {};
  for (const r of rules) {
    const c = (r.constraints ?? []) as unknown[];
    switch (r.name) {
      case 'isString':
      case 'matches':
      case 'isNotEmpty':
        s.type ??= 'string';
        if (r.name === 'matches' && c[0] instanceof RegExp) s.pattern = c[0].source;
        break;
      case 'isEmail':
        Object.assign(s, { type: 'string', format: 'email' });
        break;
      case 'isIso8601':
      case 'isDateString':
        Object.assign(s, { type: 'string', format: 'date-time' });
        break;
      case 'isUUID':
        Object.assign(s, { type: 'string', format: 'uuid' });
        break;
      case 'isInt':
        s.type = 'integer';
        break;
      case 'isNumber':
        s.type = 'number';
        break;
      case 'isBoolean':
        s.type = 'boolean';
        break;
      case 'isArray':
        s.type = 'array';
        break;
      case 'isObject':
        s.type = 'object';
        break;
      case 'isPermissionsMap':
        // Documented in its list form (area → actions); the boolean-object form is accepted too (permissions.validator.ts).
        Object.assign(s, {
          type: 'object',
          properties: Object.fromEntries(AREAS.map((area) => [area, { type: 'array', items: { type: 'string', enum: [...ACTIONS] } }])),
          additionalProperties: false,
        });
        break;
      case 'isIn':
        s.enum = c[0];
        s.type = 'string';
        break;
      case 'isEnum':
        s.enum = Object.values(c[0] as object);
        s.type = 'string';
        break;
      case 'minLength':
        s.minLength = c[0];
        break;
      case 'maxLength':
        s.maxLength = c[0];
        break;
      case 'length':
        Object.assign(s, { minLength: c[0], maxLength: c[1] });
        break;
      case 'min':
        s.minimum = c[0];
        break;
      case 'max':
        s.maximum = c[0];
        break;
      case 'arrayMaxSize':
        s.maxItems = c[0];
        break;
      case 'arrayMinSize':
        s.minItems = c[0];
        break;
    }
  }
  if (s.type === undefined) s.type = 'string';
  return s;
}

function exampleOf(schema: PropertyOptions): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.type === 'integer' || schema.type === 'number') return (schema.minimum as number | undefined) ?? 1;
  if (schema.type === 'boolean') return false;
  if (schema.format === 'email') return 'nombre@ejemplo.mx';
  if (schema.format === 'date-time') return '2026-12-05T16:00:00.000Z';
  if (schema.format === 'uuid') return '3f2b8c1e-5d4a-4e6b-9c7d-2a1b0c9d8e7f';
  return undefined;
}

/** The field's rules in Spanish: the DTO's own messages where it wrote them, else the generic ones. */
function describe(property: string, rules: ValidationMetadata[]): string {
  const sentences = new Set<string>();
  // Decorators register bottom-up: reversed, the sentences read in the order the DTO lists the rules.
  for (const r of [...rules].reverse()) {
    if (r.type === 'conditionalValidation') continue;
    const custom = r.message;
    if (typeof custom === 'string' && /^[A-ZÁÉÍÓÚÑ¿¡].*\.$/.test(custom)) sentences.add(custom);
    else if (r.name && MESSAGES[r.name]) sentences.add(MESSAGES[r.name](property, (r.constraints ?? []) as unknown[]));
  }
  return [...sentences, rules.some(isOptionalRule) ? 'Opcional.' : ''].filter(Boolean).join(' ');
}

/** Numeric path ids are positive int4 (IdParamPipe): the document says integer 1…2147483647, not "number". */
function integerPathIds(document: OpenAPIObject): void {
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations as Record<string, { parameters?: unknown[] }>)) {
      for (const parameter of (operation && typeof operation === 'object' ? operation.parameters : undefined) ?? []) {
        const p = parameter as { in?: string; schema?: { type?: string } };
        if (p.in === 'path' && p.schema?.type === 'number') p.schema = { type: 'integer', minimum: 1, maximum: MAX_INT32 } as never;
      }
    }
  }
}

/** The name of the bearer scheme (DocumentBuilder.addBearerAuth's default): a session's JWT or a personal API token. */
export const BEARER_SCHEME = 'bearer';

type Operation = { security?: Array<Record<string, string[]>> } & Record<string, unknown>;

/** Every operation of the document, with its path and method. */
function operationsOf(document: OpenAPIObject): Array<{ path: string; method: string; operation: Operation }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, unknown>)
      .filter(([, operation]) => operation !== null && typeof operation === 'object' && 'responses' in (operation as object))
      .map(([method, operation]) => ({ path, method, operation: operation as Operation })),
  );
}

/**
 * Each operation's `security` from its access rule (the `x-aforo-access` the access decorators write, one place):
 * public routes `security: []` (a bearer, when sent, still identifies the caller), every other the bearer scheme. An
 * operation without a rule gets none, and the document's lint (test/platform/openapi-lint.int-spec.ts) names it.
 */
function declareSecurity(document: OpenAPIObject): void {
  for (const { operation } of operationsOf(document)) {
    const rule = operation[ACCESS_EXTENSION] as AccessRule | undefined;
    if (!rule) continue;
    operation.security = rule.kind === 'public' ? [] : [{ [BEARER_SCHEME]: [] }];
  }
}

/**
 * The served document, finished: the answers' named schemas and the error answer of every operation
 * (addErrorAnswers), and each operation's security from its access rule.
 */
export function finishOpenApiDocument(document: OpenAPIObject): OpenAPIObject {
  addErrorAnswers(document);
  declareSecurity(document);
  return document;
}

/** Adds the answers' named schemas, and on every operation the error answer (Spanish `message`, `errors` for 422). */
export function addErrorAnswers(document: OpenAPIObject): OpenAPIObject {
  document.components ??= {};
  document.components.schemas ??= {};
  document.components.schemas.RespuestaDeError = {
    type: 'object',
    required: ['message'],
    properties: {
      message: { type: 'string', description: 'Qué pasó, en español.', example: 'Los datos enviados no son válidos.' },
      code: { type: 'string', description: 'Código estable del error.', example: 'VALIDATION_FAILED' },
      errors: {
        type: 'object',
        description: 'Solo en 422: mensajes por campo.',
        additionalProperties: { type: 'array', items: { type: 'string' } },
        example: { title: ['El título es obligatorio.'] },
      },
    },
  };
  Object.assign(document.components.schemas, namedSchemas());
  integerPathIds(document);
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations as Record<string, { responses?: Record<string, unknown> }>)) {
      if (!operation || typeof operation !== 'object' || !operation.responses) continue;
      operation.responses['4XX'] ??= {
        description: 'Solicitud rechazada (validación 422, sesión 401, permiso 403, no existe 404, conflicto 409, límite 429…).',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/RespuestaDeError' } } },
      };
    }
  }
  return document;
}

/** A multipart upload of one file in `field` (what FileUploadInterceptor reads), for the OpenAPI document. */
export const ApiFileUpload = (field: string, description: string) =>
  applyDecorators(
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: { type: 'object', required: [field], properties: { [field]: { type: 'string', format: 'binary', description } } },
    }),
  );
