import { HttpStatus } from '@nestjs/common';
import { defineErrorCodes } from '@core/errors/domain-exception';

export const ExternalEventsError = defineErrorCodes({
  EventFull: ['EVENT_FULL', HttpStatus.CONFLICT],
  EventCancelled: ['EVENT_CANCELLED', HttpStatus.CONFLICT],
  EventCompleted: ['EVENT_COMPLETED', HttpStatus.CONFLICT],
  OnlyPublishedFeatured: ['ONLY_PUBLISHED_FEATURED', HttpStatus.CONFLICT],
});
