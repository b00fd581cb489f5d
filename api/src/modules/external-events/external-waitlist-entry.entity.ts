import { Entity } from 'typeorm';
import { WaitlistEntryColumns } from '@core/waitlist/waitlist-entry.columns';
import { ExternalRegistrantColumns } from './external-registrant.columns';

/** One person in an external event's waitlist (table `external_waitlist`, baseline migration). */
@Entity('external_waitlist')
export class ExternalWaitlistEntryEntity extends ExternalRegistrantColumns(WaitlistEntryColumns) {}
