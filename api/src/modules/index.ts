import type { Type } from '@nestjs/common';
import type { AppConfig, SettingsDeclaration, SettingsOf } from '@core/config/app-config';
import type { EntityTarget } from '@core/database/data-source';
import type { DemoSeeder } from '@core/database/seed-runner';
import type { SqlFunction } from '@core/database/sql-functions';
import type { JobsModule } from '@core/jobs/job-handler';
import type { MailTemplate } from '@shared/contracts/mail.contract';
import { WAITLIST_SETTINGS } from '@core/waitlist/waitlist.settings';
import { ApiTokensModule } from './api-tokens/api-tokens.module';
import { AuthModule } from './auth/auth.module';
import { ExternalEventEntity } from './external-events/external-event.entity';
import { ExternalRegistrationEntity } from './external-events/external-registration.entity';
import { externalEventsSeeder } from './external-events/external-events.seed';
import { EXTERNAL_EVENTS_MAIL_TEMPLATES } from './external-events/external-events.mail';
import { ExternalEventsModule } from './external-events/external-events.module';
import { EXTERNAL_EVENTS_SQL_FUNCTIONS } from './external-events/external-events.sql';
import { ExternalEventsJobsModule } from './external-events/jobs/external-events-jobs.module';
import { ExternalWaitlistEntryEntity } from './external-events/external-waitlist-entry.entity';
import { DoorModule } from './door/door.module';
import { DOOR_SETTINGS } from './door/door.settings';
import { DoorJobsModule } from './door/jobs/door-jobs.module';
import { HealthModule } from './health/health.module';
import { internalEventsSeeder } from './internal-events/internal-events.seed';
import { INTERNAL_EVENTS_MAIL_TEMPLATES } from './internal-events/internal-events.mail';
import { InternalEventsModule } from './internal-events/internal-events.module';
import { InternalEventsJobsModule } from './internal-events/jobs/internal-events-jobs.module';
import { MailJobsModule } from './mail/jobs/mail-jobs.module';
import { MailMessageEntity } from './mail/mail-message.entity';
import { MailModule } from './mail/mail.module';
import { MAIL_SETTINGS } from './mail/mail.settings';
import { MAIL_SQL_FUNCTIONS } from './mail/mail.sql';
import { addMailTemplates, type MAIL_OWN_TEMPLATES, type MailTemplateRenderers } from './mail/render/templates';
import { PersonasJobsModule } from './personas/jobs/personas-jobs.module';
import { personasSeeder } from './personas/personas.seed';
import { PersonasModule } from './personas/personas.module';
import { PERSONAS_SQL_FUNCTIONS } from './personas/personas.sql';
import { DEDUPE_SETTINGS } from './personas/dedupe/dedupe.settings';
import { ProgramaEntity } from './programs/programa.entity';
import { ProgramRegistrationEntity } from './programs/program-registration.entity';
import { ProgramWaitlistEntryEntity } from './programs/program-waitlist-entry.entity';
import { ProgramsJobsModule } from './programs/jobs/programs-jobs.module';
import { programsSeeder } from './programs/programs.seed';
import { ProgramsModule } from './programs/programs.module';
import { PROGRAMS_SETTINGS } from './programs/programs.settings';
import { PrivacyNoticeModule } from './privacy-notice/privacy-notice.module';
import { PRIVACY_NOTICE_SETTINGS } from './privacy-notice/privacy-notice.settings';
import { PRIVACY_NOTICE_SQL_FUNCTIONS } from './privacy-notice/privacy-notice.sql';
import { PrivacyJobsModule } from './privacy/jobs/privacy-jobs.module';
import { PRIVACY_MAIL_TEMPLATES } from './privacy/privacy.mail';
import { PrivacyModule } from './privacy/privacy.module';
import { PRIVACY_SETTINGS } from './privacy/privacy.settings';
import { PublicModule } from './public/public.module';
import { QueueDashboardModule } from './queue-dashboard/queue-dashboard.module';
import { RetentionJobsModule } from './retention/jobs/retention-jobs.module';
import { RetentionModule } from './retention/retention.module';
import { RETENTION_SETTINGS } from './retention/retention.settings';
import { SeatingJobsModule } from './seating/jobs/seating-jobs.module';
import { seatingSeeder } from './seating/seating.seed';
import { SeatingModule } from './seating/seating.module';
import { DEMO_SPACE_NAME, spacesSeeder } from './spaces/spaces.seed';
import { SpacesModule } from './spaces/spaces.module';
import { UserEntity } from './users/user.entity';
import { usersSeeder } from './users/users.seed';
import { UsersModule } from './users/users.module';
import { WebhooksJobsModule } from './webhooks/jobs/webhooks-jobs.module';
import { WEBHOOKS_MAIL_TEMPLATES } from './webhooks/webhooks.mail';
import { WebhooksModule } from './webhooks/webhooks.module';
import { WEBHOOKS_SETTINGS } from './webhooks/webhooks.settings';

/** What an area brings to each process: the only place that names every area on the server. */
export interface AreaRegistration {
  /** Its Nest module (controllers, services, rooms, counts, push and job routes): the api process. */
  module: Type;
  /** Its TypeORM entities (core adds its own): every data source (api, workers, cli, tests). */
  entities?: readonly EntityTarget[];
  /** Its job handlers: the workers process. */
  jobs?: JobsModule;
  /** Its demo data (`npm run seed:demo`), run in SEED_ORDER. */
  seeder?: DemoSeeder;
  /** The settings it reads (its `<area>.settings.ts`, and a core engine's it uses): every process's configuration. */
  settings?: readonly SettingsDeclaration[];
  /** Its mail templates' renderers (`<area>.mail.ts`; each template's data is in shared/contracts/mail.contract.ts): api and workers. */
  mailTemplates?: Partial<MailTemplateRenderers>;
  /** Its PostgreSQL functions (`<area>.sql.ts`), brought to these definitions after the migrations: every migration run. */
  sqlFunctions?: readonly SqlFunction[];
}

/**
 * Every area, in the order its routes are registered: Express tries routes in that order, module by
 * module, so the citizens' routes (public events and registration, the busiest) come first. Images is not
 * here: it is external-events' (its module imports it).
 */
export const AREA_REGISTRATIONS = {
  'external-events': {
    module: ExternalEventsModule,
    entities: [ExternalEventEntity, ExternalRegistrationEntity, ExternalWaitlistEntryEntity],
    jobs: ExternalEventsJobsModule,
    seeder: externalEventsSeeder,
    settings: [WAITLIST_SETTINGS],
    mailTemplates: EXTERNAL_EVENTS_MAIL_TEMPLATES,
    sqlFunctions: EXTERNAL_EVENTS_SQL_FUNCTIONS,
  },
  users: { module: UsersModule, entities: [UserEntity], seeder: usersSeeder },
  auth: { module: AuthModule },
  'api-tokens': { module: ApiTokensModule },
  health: { module: HealthModule },
  public: { module: PublicModule },
  'privacy-notice': { module: PrivacyNoticeModule, settings: [PRIVACY_NOTICE_SETTINGS], sqlFunctions: PRIVACY_NOTICE_SQL_FUNCTIONS },
  personas: {
    module: PersonasModule,
    jobs: PersonasJobsModule,
    seeder: personasSeeder,
    settings: [DEDUPE_SETTINGS],
    sqlFunctions: PERSONAS_SQL_FUNCTIONS,
  },
  programs: {
    module: ProgramsModule,
    entities: [ProgramaEntity, ProgramRegistrationEntity, ProgramWaitlistEntryEntity],
    jobs: ProgramsJobsModule,
    seeder: programsSeeder,
    settings: [PROGRAMS_SETTINGS, WAITLIST_SETTINGS],
  },
  'queue-dashboard': { module: QueueDashboardModule },
  'internal-events': {
    module: InternalEventsModule,
    jobs: InternalEventsJobsModule,
    seeder: internalEventsSeeder(DEMO_SPACE_NAME),
    mailTemplates: INTERNAL_EVENTS_MAIL_TEMPLATES,
  },
  spaces: { module: SpacesModule, seeder: spacesSeeder },
  seating: { module: SeatingModule, jobs: SeatingJobsModule, seeder: seatingSeeder },
  mail: {
    module: MailModule,
    entities: [MailMessageEntity],
    jobs: MailJobsModule,
    settings: [MAIL_SETTINGS],
    sqlFunctions: MAIL_SQL_FUNCTIONS,
  },
  door: { module: DoorModule, jobs: DoorJobsModule, settings: [DOOR_SETTINGS] },
  retention: { module: RetentionModule, jobs: RetentionJobsModule, settings: [RETENTION_SETTINGS] },
  privacy: { module: PrivacyModule, jobs: PrivacyJobsModule, settings: [PRIVACY_SETTINGS], mailTemplates: PRIVACY_MAIL_TEMPLATES },
  webhooks: { module: WebhooksModule, jobs: WebhooksJobsModule, settings: [WEBHOOKS_SETTINGS], mailTemplates: WEBHOOKS_MAIL_TEMPLATES },
} satisfies Record<string, AreaRegistration>;

export type AreaName = keyof typeof AREA_REGISTRATIONS;

/**
 * The order the demo data runs in (every area with a seeder, once): people before the internal events that
 * invite them, spaces before the event that takes place in one, that event before its seats.
 */
export const SEED_ORDER: readonly AreaName[] = ['users', 'external-events', 'personas', 'spaces', 'internal-events', 'seating', 'programs'];

const REGISTERED: ReadonlyArray<AreaRegistration> = Object.values(AREA_REGISTRATIONS);

/** The areas' Nest modules, in route order (app.module.ts). */
export const AREA_MODULES: readonly Type[] = REGISTERED.map((a) => a.module);
/** The areas' entities (entities.ts). */
export const AREA_ENTITY_LIST: readonly EntityTarget[] = REGISTERED.flatMap((a) => a.entities ?? []);
/** The areas' SQL functions (runMigrations: the CLI's migrate and the tests' template database). */
export const AREA_SQL_FUNCTIONS: readonly SqlFunction[] = REGISTERED.flatMap((a) => a.sqlFunctions ?? []);
/** The areas' job handler modules (workers.module.ts). */
export const AREA_JOBS_MODULES: readonly JobsModule[] = REGISTERED.flatMap((a) => (a.jobs ? [a.jobs] : []));

/** Each area's mail templates join mail's own renderers (api and workers both load this file). */
for (const area of REGISTERED) if (area.mailTemplates) addMailTemplates(area.mailTemplates);
/** Every template of the mail contract has a renderer, mail's or an area's: a missing one is named by a compile error here. */
type AreaMailTemplate = { [A in AreaName]: (typeof AREA_REGISTRATIONS)[A] extends { mailTemplates: infer M } ? keyof M : never }[AreaName];
type EveryTemplateRendered<Missing extends never> = Missing;
export type MailTemplatesWithoutRenderer = EveryTemplateRendered<Exclude<MailTemplate, keyof typeof MAIL_OWN_TEMPLATES | AreaMailTemplate>>;

/** Every area's settings, as one type: what `loadConfig(env, AREA_SETTINGS)` adds to the core's AppConfig. */
export type AreaSettings = SettingsOf<
  { [A in AreaName]: (typeof AREA_REGISTRATIONS)[A] extends { settings: readonly (infer D)[] } ? D : never }[AreaName]
>;
/** The whole configuration of a process: the core's and every area's settings. */
export type FullConfig = AppConfig & AreaSettings;
/** The areas' settings declarations (each process's entry point hands them to loadConfig; one listed by two areas is read once). */
export const AREA_SETTINGS: readonly SettingsDeclaration<AreaSettings>[] = REGISTERED.flatMap(
  (a) => a.settings ?? [],
) as SettingsDeclaration<AreaSettings>[];

/** The areas' demo seeders in SEED_ORDER (seeds.ts); an area with a seeder missing from it, or twice, fails at load. */
export const AREA_SEEDERS: readonly DemoSeeder[] = (() => {
  const seeded = (Object.keys(AREA_REGISTRATIONS) as AreaName[]).filter((name) => (AREA_REGISTRATIONS[name] as AreaRegistration).seeder);
  const ordered = new Set(SEED_ORDER);
  if (ordered.size !== SEED_ORDER.length || seeded.length !== ordered.size || !seeded.every((name) => ordered.has(name))) {
    throw new Error(`SEED_ORDER must name each area with a seeder once: ${seeded.join(', ')}`);
  }
  return SEED_ORDER.map((name) => (AREA_REGISTRATIONS[name] as AreaRegistration).seeder as DemoSeeder);
})();
