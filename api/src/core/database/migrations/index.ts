import { PlatformFoundation1763700000000 } from './1763700000000-platform-foundation';
import { ExternalEvents1763800000000 } from './1763800000000-external-events';
import { People1763900000000 } from './1763900000000-people';
import { PeopleImportSpeed1764000000000 } from './1764000000000-people-import-speed';
import { RegistrationBatches1764100000000 } from './1764100000000-registration-batches';
import { PersonasCatalogueChecks1764200000000 } from './1764200000000-personas-catalogue-checks';
import { ImportAllRowErrors1764300000000 } from './1764300000000-import-all-row-errors';
import { Spaces1764400000000 } from './1764400000000-spaces';
import { InternalEvents1764500000000 } from './1764500000000-internal-events';
import { Programs1764600000000 } from './1764600000000-programs';
import { Seating1764700000000 } from './1764700000000-seating';
import { Mail1764800000000 } from './1764800000000-mail';
import { CitizenJourney1764900000000 } from './1764900000000-citizen-journey';
import { Notify1765000000000 } from './1765000000000-notify';
import { ProgramWaitlist1765100000000 } from './1765100000000-program-waitlist';
import { WaitlistConfirm1765300000000 } from './1765300000000-waitlist-confirm';
import { FirstPassword1765400000000 } from './1765400000000-first-password';
import { PrivacyArco1765500000000 } from './1765500000000-privacy-arco';
import { PrivacyConsentRetention1765600000000 } from './1765600000000-privacy-consent-retention';
import { Door1765700000000 } from './1765700000000-door';
import { WaitlistEngine1765800000000 } from './1765800000000-waitlist-engine';
import { IdempotencyKeys1765900000000 } from './1765900000000-idempotency-keys';
import { PersonaDuplicates1766400000000 } from './1766400000000-persona-duplicates';
import { PersonaMerges1766500000000 } from './1766500000000-persona-merges';
import { Webhooks1766600000000 } from './1766600000000-webhooks';
import { ApiTokens1766700000000 } from './1766700000000-api-tokens';
import { CalendarSequence1766800000000 } from './1766800000000-calendar-sequence';
import { PersonaDuplicatePairs1766900000000 } from './1766900000000-persona-duplicate-pairs';

/** Every migration, in order. New ones are appended here. */
export const MIGRATIONS = [
  PlatformFoundation1763700000000,
  ExternalEvents1763800000000,
  People1763900000000,
  PeopleImportSpeed1764000000000,
  RegistrationBatches1764100000000,
  PersonasCatalogueChecks1764200000000,
  ImportAllRowErrors1764300000000,
  Spaces1764400000000,
  InternalEvents1764500000000,
  Programs1764600000000,
  Seating1764700000000,
  Mail1764800000000,
  CitizenJourney1764900000000,
  Notify1765000000000,
  ProgramWaitlist1765100000000,
  WaitlistConfirm1765300000000,
  FirstPassword1765400000000,
  PrivacyArco1765500000000,
  PrivacyConsentRetention1765600000000,
  Door1765700000000,
  WaitlistEngine1765800000000,
  IdempotencyKeys1765900000000,
  PersonaDuplicates1766400000000,
  PersonaMerges1766500000000,
  Webhooks1766600000000,
  ApiTokens1766700000000,
  CalendarSequence1766800000000,
  PersonaDuplicatePairs1766900000000,
];
