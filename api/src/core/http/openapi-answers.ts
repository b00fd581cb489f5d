import { ApiResponse } from '@nestjs/swagger';

/**
 * Answer schemas for the OpenAPI document, written beside each module (`<area>.openapi.ts`): the wire
 * shapes are TypeScript interfaces (contracts), which leave no runtime trace to describe them from.
 */
export type JsonSchema = Record<string, unknown>;

const named: Record<string, JsonSchema> = {};

/** Registers named schemas (components.schemas) and answers a reference to each. */
export function schemas<K extends string>(defs: Record<K, JsonSchema>): Record<K, JsonSchema> {
  Object.assign(named, defs);
  return Object.fromEntries(Object.keys(defs).map((k) => [k, { $ref: `#/components/schemas/${k}` }])) as unknown as Record<K, JsonSchema>;
}

export function namedSchemas(): Record<string, JsonSchema> {
  return named;
}

export const S = {
  text: (example?: string, description?: string): JsonSchema => ({ type: 'string', example, description }),
  date: (description?: string): JsonSchema => ({ type: 'string', format: 'date-time', example: '2026-11-21T20:10:00.000Z', description }),
  int: (example = 1, description?: string): JsonSchema => ({ type: 'integer', example, description }),
  num: (example = 1, description?: string): JsonSchema => ({ type: 'number', example, description }),
  bool: (example = false, description?: string): JsonSchema => ({ type: 'boolean', example, description }),
  oneOf: (values: readonly string[], description?: string): JsonSchema => ({
    type: 'string',
    enum: [...values],
    example: values[0],
    description,
  }),
  /** `nullable` needs a `type` beside it (OpenAPI 3.0): a named schema ($ref, an object) is wrapped in allOf. */
  nullable: (schema: JsonSchema, description?: string): JsonSchema => {
    const described = description === undefined ? {} : { description };
    return schema.$ref ? { type: 'object', nullable: true, allOf: [schema], ...described } : { ...schema, nullable: true, ...described };
  },
  list: (items: JsonSchema, description?: string): JsonSchema => ({ type: 'array', items, description }),
  map: (values: JsonSchema, description?: string): JsonSchema => ({ type: 'object', additionalProperties: values, description }),
  /** An object whose properties are all present (nullable ones may be null). */
  object: (properties: Record<string, JsonSchema>, description?: string): JsonSchema => ({
    type: 'object',
    required: Object.keys(properties),
    properties,
    description,
  }),
  message: (example: string): JsonSchema => ({ type: 'string', example, description: 'Mensaje para mostrar, en español.' }),
  /** A personal field that retention empties (anonymised rows keep their counts, not their people). */
  erasable: (example: string): JsonSchema => ({
    type: 'string',
    example,
    description: 'Null una vez anonimizado (conservación de datos).',
    nullable: true,
  }),
  /** The person at the head of a public form's row: three names (the row's own examples) and the erasable birth date. */
  person: (nombre: string, paterno: string, materno: string, birth: string): Record<string, JsonSchema> => ({
    nombre: S.text(nombre),
    apellido_paterno: S.text(paterno),
    apellido_materno: S.text(materno),
    fecha_nacimiento: S.erasable(birth),
  }),
};

/**
 * One answer of an operation, as a route declares it (core/http/endpoint.ts): JSON, `[description, schema]`; a file
 * (`fileAnswer`, downloads.ts' `exportAnswer`) or another body, `{ description, content }`; no body, its description.
 */
export type AnswerSpec = string | readonly [description: string, schema: JsonSchema] | ResponseSpec;
interface ResponseSpec {
  description: string;
  content: Record<string, { schema: JsonSchema }>;
}
/** An operation's answers by status, as OpenAPI's `responses`. */
export type Answers = Record<number, AnswerSpec>;

/** The OpenAPI answer of a status. */
export const Answer = (status: number, answer: AnswerSpec) =>
  ApiResponse(
    typeof answer === 'string'
      ? { status, description: answer }
      : isJson(answer)
        ? { status, description: answer[0], content: { 'application/json': { schema: answer[1] } } }
        : { status, ...answer },
  );
const isJson = (answer: AnswerSpec): answer is readonly [string, JsonSchema] => Array.isArray(answer);

/** An answer that is a file (CSV, image…) of this type. */
export const fileAnswer = (description: string, contentType: string): ResponseSpec => ({
  description,
  content: { [contentType]: { schema: { type: 'string', format: 'binary' } } },
});
