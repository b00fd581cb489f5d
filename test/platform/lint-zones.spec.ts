import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The import zones of eslint.config.mjs, proven on snippets placed (virtually) where they would live: each
 * forbidden import is reported by no-restricted-imports, each allowed one is not. ESLint's Node API
 * (`new ESLint({ cwd })`, `lintText(code, { filePath })`) runs in a child process: it loads the ESM config with
 * a dynamic import, which Jest's module sandbox refuses.
 */
const ROOT = join(__dirname, '../..');

interface Case {
  at: string;
  code: string;
  forbidden: boolean;
}

const cases: Case[] = [
  // shared/ imports only itself.
  { at: 'api/src/shared/contracts/zone.contract.ts', code: "import { EMAIL_MAX_LENGTH } from '../limits';", forbidden: false },
  { at: 'api/src/shared/contracts/zone.contract.ts', code: "import type { Permissions } from '../permissions';", forbidden: false },
  { at: 'api/src/shared/contracts/zone.contract.ts', code: "import { MAX_INT32 } from '@core/constants';", forbidden: true },
  { at: 'api/src/shared/contracts/zone.contract.ts', code: "import { MAX_INT32 } from '../../core/constants';", forbidden: true },
  {
    at: 'api/src/shared/contracts/zone.contract.ts',
    code: "import { UsersService } from '@modules/users/users.service';",
    forbidden: true,
  },
  { at: 'api/src/shared/rules/zone.ts', code: "import { randomInt } from 'node:crypto';", forbidden: true },
  { at: 'api/src/shared/rules/zone.ts', code: "import { randomInt } from 'crypto';", forbidden: true },
  { at: 'api/src/shared/zone.ts', code: "import { APP_CONFIG } from '../core/config/app-config';", forbidden: true },
  { at: 'api/src/shared/zone.ts', code: "import { EMAIL_MAX_LENGTH } from './limits';", forbidden: false },
  // core/ never imports a module.
  { at: 'api/src/core/database/zone.ts', code: "import { UserEntity } from '@modules/users/user.entity';", forbidden: true },
  { at: 'api/src/core/database/zone.ts', code: "import { UserEntity } from '../../modules/users/user.entity';", forbidden: true },
  { at: 'api/src/core/database/zone.ts', code: "import { EMAIL_MAX_LENGTH } from '@shared/limits';", forbidden: false },
  { at: 'api/src/core/database/zone.ts', code: "import { PlatformLock } from './advisory-locks';", forbidden: false },
  // A module imports another only through the allow-list.
  { at: 'api/src/modules/personas/zone.ts', code: "import { ProgramsService } from '../programs/programs.service';", forbidden: true },
  {
    at: 'api/src/modules/personas/jobs/zone.ts',
    code: "import { ProgramsService } from '../../programs/programs.service';",
    forbidden: true,
  },
  {
    at: 'api/src/modules/spaces/zone.ts',
    code: "import { InternalEventsService } from '@modules/internal-events/internal-events.service';",
    forbidden: true,
  },
  // Spaces asks seating through the HeldSeats contract (shared), never by naming the area (house.json's never-rule).
  { at: 'api/src/modules/spaces/zone.ts', code: "import { SeatingService } from '../seating/seating.service';", forbidden: true },
  { at: 'api/src/modules/spaces/zone.ts', code: "import { HeldSeats } from '@shared/contracts/seating.contract';", forbidden: false },
  { at: 'api/src/modules/programs/zone.ts', code: "import { MailOutbox } from '@modules/mail/mail-outbox';", forbidden: false },
  { at: 'api/src/modules/users/zone.ts', code: "import { AuthService } from '../auth/auth.service';", forbidden: true },
  { at: 'api/src/modules/auth/zone.ts', code: "import { UsersRepository } from '../users/users.repository';", forbidden: false },
  { at: 'api/src/modules/internal-events/zone.ts', code: "import { SeatingService } from '../seating/seating.service';", forbidden: false },
  { at: 'api/src/modules/external-events/zone.ts', code: "import { ImagesService } from '../images/images.service';", forbidden: false },
  // The door: each event area plugs its adapter into the door engine; the door names no event area.
  { at: 'api/src/modules/external-events/zone.ts', code: "import { DoorAdapters } from '../door/door-adapter';", forbidden: false },
  { at: 'api/src/modules/internal-events/zone.ts', code: "import { DoorAdapters } from '../door/door-adapter';", forbidden: false },
  {
    at: 'api/src/modules/door/zone.ts',
    code: "import { RegistrationsService } from '../external-events/registrations.service';",
    forbidden: true,
  },
  {
    at: 'api/src/modules/door/zone.ts',
    code: "import { InternalEventsService } from '@modules/internal-events/internal-events.service';",
    forbidden: true,
  },
  { at: 'api/src/modules/programs/zone.ts', code: "import { DoorService } from '../door/door.service';", forbidden: true },
  { at: 'api/src/modules/personas/zone.ts', code: "import { PersonasRepository } from './personas.repository';", forbidden: false },
  { at: 'api/src/modules/personas/zone.ts', code: "import { UnitOfWork } from '@core/outbox/unit-of-work';", forbidden: false },
  // The process (core/process/) is the entry points' and core's: an area only reads whether it drains.
  { at: 'api/src/modules/health/zone.ts', code: "import { ShutdownState } from '@core/process/shutdown-state';", forbidden: false },
  { at: 'api/src/modules/health/zone.ts', code: "import { relaysOutbox } from '@core/process/roles';", forbidden: true },
  {
    at: 'api/src/modules/seating/zone.ts',
    code: "import { RealtimeLiveness } from '../../core/process/realtime-liveness';",
    forbidden: true,
  },
  { at: 'api/src/core/outbox/zone.ts', code: "import { relaysOutbox } from '../process/roles';", forbidden: false },
  // An area adds its gauges to the process's metrics registry (core/metrics), as it registers its rooms.
  { at: 'api/src/modules/mail/zone.ts', code: "import { MetricsRegistry } from '@core/metrics/metrics-registry';", forbidden: false },
  { at: 'api/src/core/metrics/zone.ts', code: "import { MailRepository } from '@modules/mail/mail.repository';", forbidden: true },
  // The web reaches only the shared vocabulary, and no other feature.
  { at: 'web/src/features/users/zone.ts', code: "import type { UserResponse } from '@shared/contracts/users.contract';", forbidden: false },
  { at: 'web/src/features/users/zone.ts', code: "import { can } from '@shared/permissions';", forbidden: false },
  { at: 'web/src/features/users/zone.ts', code: "import type { JobName } from '@shared/jobs/jobs';", forbidden: true },
  { at: 'web/src/features/users/zone.ts', code: "import { MAX_INT32 } from '@core/constants';", forbidden: true },
  { at: 'web/src/features/users/zone.ts', code: "import { MAX_INT32 } from '../../../../api/src/core/constants';", forbidden: true },
  { at: 'web/src/features/users/zone.ts', code: "import { personasStore } from '../../personas/stores/personas-store';", forbidden: true },
  // A browser spec's `test` is fixtures.ts's (its worker's own server as baseURL); types and `expect` may come from Playwright.
  { at: 'test/e2e/zone.spec.ts', code: "import { test, expect } from '@playwright/test';", forbidden: true },
  { at: 'test/e2e/zone.spec.ts', code: "import { test as base } from '@playwright/test';", forbidden: true },
  { at: 'test/e2e/zone.spec.ts', code: "import { test, expect } from './fixtures';", forbidden: false },
  { at: 'test/e2e/zone-helpers.ts', code: "import { expect, type Page } from '@playwright/test';", forbidden: false },
  { at: 'test/e2e/fixtures.ts', code: "import { test as base } from '@playwright/test';", forbidden: false },
];

/** Lints every snippet in one ESLint run; answers, per case, the no-restricted-imports messages. */
const LINT_SCRIPT = `
import { ESLint } from 'eslint';
const cases = JSON.parse(process.argv[1]);
const eslint = new ESLint({ cwd: process.cwd() });
const out = [];
for (const c of cases) {
  const [result] = await eslint.lintText(c.code + '\\nexport {};\\n', { filePath: c.filePath });
  out.push(result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message));
}
process.stdout.write(JSON.stringify(out));
`;

describe('lint zones (eslint.config.mjs, no-restricted-imports)', () => {
  let reported: string[][];
  beforeAll(() => {
    const input = JSON.stringify(cases.map((c) => ({ code: c.code, filePath: join(ROOT, c.at) })));
    const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', LINT_SCRIPT, input], { cwd: ROOT, encoding: 'utf8' });
    reported = JSON.parse(stdout) as string[][];
  });

  it.each(cases.map((c, index) => ({ ...c, index })))('$at: $code → forbidden: $forbidden', ({ index, forbidden }) => {
    expect(reported[index].length > 0).toBe(forbidden);
  });
});
