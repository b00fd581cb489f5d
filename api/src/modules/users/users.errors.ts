import { HttpStatus } from '@nestjs/common';
import { defineErrorCodes } from '@core/errors/domain-exception';

export const UsersError = defineErrorCodes({
  LastSuperAdmin: ['LAST_SUPER_ADMIN', HttpStatus.CONFLICT],
  CannotDeleteSelf: ['CANNOT_DELETE_SELF', HttpStatus.CONFLICT],
});
