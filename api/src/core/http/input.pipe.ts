import { type ArgumentMetadata, Injectable, type Type, ValidationPipe } from '@nestjs/common';
import { ARRAY_MAX_SIZE, getMetadataStorage } from 'class-validator';
import { DomainException } from '../errors/domain-exception';
import { toFieldErrors } from '../errors/validation-messages';
import { inputProblems } from './input-policy';

interface ListLimit {
  field: string;
  max: number;
  message: string;
}

const listLimitsByDto = new WeakMap<object, ListLimit[]>();

/**
 * A DTO's top-level list fields with an @ArrayMaxSize: the limit and its message, read once per class (each of ours
 * names its message; one without would be left to class-validator, as before).
 */
function listLimitsOf(dto: Type<unknown>): ListLimit[] {
  let limits = listLimitsByDto.get(dto);
  if (!limits) {
    limits = getMetadataStorage()
      .getTargetValidationMetadatas(dto, '', true, false)
      .filter((m) => m.name === ARRAY_MAX_SIZE && !m.each && typeof m.message === 'string')
      .map((m) => ({ field: m.propertyName, max: Number(m.constraints[0]), message: m.message as string }));
    listLimitsByDto.set(dto, limits);
  }
  return limits;
}

/**
 * Lists sent longer than their field's @ArrayMaxSize, refused with that limit's own message before class-transformer
 * and class-validator walk every element: a 60,000-element list under the 256 KB body limit cost 0.6 s of CPU with
 * the event loop held and answered 3.6 MB, one error per element (docs/decisions/plataforma.md, «CI en 20 minutos»,
 * fifth pass). The raw length counts: empty items a field's @Transform would drop are still items sent.
 */
function overlongLists(value: unknown, dto: ArgumentMetadata['metatype']): Record<string, string[]> | null {
  if (!dto || value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const errors: Record<string, string[]> = {};
  for (const { field, max, message } of listLimitsOf(dto)) {
    const list = (value as Record<string, unknown>)[field];
    if (Array.isArray(list) && list.length > max) errors[field] = [message];
  }
  return Object.keys(errors).length ? errors : null;
}

/**
 * The global pipe: the input policy (forbidden keys, NUL, lone surrogates) on every body, query and route
 * parameter, lists longer than their @ArrayMaxSize on bodies, then class-validator on DTOs with unknown fields
 * refused. Route parameters stay the raw strings they arrived as: each route's own pipe (IdParamPipe, …) checks them
 * strictly, with no `Number()` conversion first ("0x1A" would become 26).
 */
@Injectable()
export class InputPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      stopAtFirstError: false,
      exceptionFactory: (errors) => DomainException.validation(toFieldErrors(errors)),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'custom') return value;
    const problems = inputProblems(value, metadata.data ?? '');
    if (problems) throw DomainException.validation(problems);
    if (metadata.type === 'param') return value;
    const overlong = metadata.type === 'body' ? overlongLists(value, metadata.metatype) : null;
    if (overlong) throw DomainException.validation(overlong);
    return super.transform(value, metadata);
  }
}
