import { type ArgumentMetadata, Injectable, ValidationPipe } from '@nestjs/common';
import { DomainException } from '../errors/domain-exception';
import { toFieldErrors } from '../errors/validation-messages';
import { inputProblems } from './input-policy';

/**
 * The global pipe: the input policy (forbidden keys, NUL, lone surrogates) on every body, query and route
 * parameter, then class-validator on DTOs with unknown fields refused. Route parameters stay the raw
 * strings they arrived as: each route's own pipe (IdParamPipe, …) checks them strictly, with no `Number()`
 * conversion first ("0x1A" would become 26).
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
    return super.transform(value, metadata);
  }
}
