import { personColumn, personReference, type PersonReferenceTable } from '@core/privacy/person-references';

/**
 * Seats name their person through the invitation they hang off (the key cascades with it, baseline migration):
 * a merge moves them with the invitation; its undo writes them back after their invitations.
 */
export const SEAT_PERSON_TABLES: readonly PersonReferenceTable[] = [
  personReference('asiento_asignaciones', personColumn('persona_id'), { level: 2 }),
];
