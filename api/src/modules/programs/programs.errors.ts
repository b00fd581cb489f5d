import { HttpStatus } from '@nestjs/common';
import { defineErrorCodes } from '@core/errors/domain-exception';

export const ProgramsError = defineErrorCodes({
  ProgramFull: ['PROGRAM_FULL', HttpStatus.CONFLICT],
});
