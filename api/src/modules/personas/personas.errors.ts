import { HttpStatus } from '@nestjs/common';
import { defineErrorCodes } from '@core/errors/domain-exception';

export const PersonasError = defineErrorCodes({
  DuplicatePerson: ['DUPLICATE_PERSON', HttpStatus.CONFLICT],
  ReviewDecided: ['IMPORT_REVIEW_DECIDED', HttpStatus.CONFLICT],
});
