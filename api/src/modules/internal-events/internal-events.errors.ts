import { HttpStatus } from '@nestjs/common';
import { defineErrorCodes } from '@core/errors/domain-exception';

/** The same codes as an external event's for the same cases (core checks they mean one thing). */
export const InternalEventsError = defineErrorCodes({
  EventCancelled: ['EVENT_CANCELLED', HttpStatus.CONFLICT],
  EventCompleted: ['EVENT_COMPLETED', HttpStatus.CONFLICT],
});
