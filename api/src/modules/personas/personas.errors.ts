import { HttpStatus } from '@nestjs/common';
import { defineErrorCodes } from '@core/errors/domain-exception';

export const PersonasError = defineErrorCodes({
  DuplicatePerson: ['DUPLICATE_PERSON', HttpStatus.CONFLICT],
  ReviewDecided: ['IMPORT_REVIEW_DECIDED', HttpStatus.CONFLICT],
  /** Someone else is merging (or just merged) one of these people. */
  MergeConflict: ['PERSONA_MERGE_CONFLICT', HttpStatus.CONFLICT],
  /** The merge was undone already, or its people changed since (an undo would throw that work away). */
  MergeNotUndoable: ['PERSONA_MERGE_NOT_UNDOABLE', HttpStatus.CONFLICT],
});
