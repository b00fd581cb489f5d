import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

/**
 * Adding an area the way docs/architecture.md («Agregar un área») says, on a copy of the tree: a throwaway area
 * `bulletins` with a table, its own permission, a live screen (a room and a push), a mail template, an error code and
 * a setting. It counts the existing files the area had to touch outside its own folders (at most what the doc says,
 * each one named in the doc's list), then compiles the copy (server and web) and loads its registry of areas.
 */
const ROOT = join(__dirname, '../..');
const run = promisify(execFile);

/** What the copy needs to compile: the sources, their configurations and the doc; node_modules is linked, not copied. */
const COPIED = ['api/src', 'workers/src', 'web/src', 'web/tsconfig.json', 'web/package.json', 'tsconfig.json', 'eslint.config.mjs'];
/** The area's own places: nothing in them counts. */
const OWN = [
  'api/src/modules/bulletins/',
  'web/src/features/bulletins/',
  'api/src/shared/contracts/bulletins.contract.ts',
  'api/src/core/database/migrations/1799000000000-bulletins.ts',
];

/** The area's own files, as a developer would write them. */
const NEW_FILES: Record<string, string> = {
  'api/src/shared/contracts/bulletins.contract.ts': `
/** Bulletins: short notices the staff publish (a throwaway area of test/platform/add-area.spec.ts). */
export interface BulletinResponse {
  id: number;
  texto: string;
  created_at: string;
}
`,
  'api/src/core/database/migrations/1799000000000-bulletins.ts': `
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Bulletins1799000000000 implements MigrationInterface {
  name = 'Bulletins1799000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(\`CREATE TABLE boletines (id serial PRIMARY KEY, texto text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now())\`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE boletines');
  }
}
`,
  'api/src/modules/bulletins/bulletin.entity.ts': `
import { Column, Entity } from 'typeorm';
import { RecordColumns } from '@core/entities/base-columns';

@Entity('boletines')
export class BulletinEntity extends RecordColumns {
  @Column({ type: 'text' })
  texto: string;
}
`,
  'api/src/modules/bulletins/bulletins.settings.ts': `
import { defineSettings } from '@core/config/app-config';
import { readInt } from '@core/config/env-readers';

export interface BulletinsSettings {
  /** BOLETIN_MAX_CARACTERES: the longest bulletin. */
  boletinMaxCaracteres: number;
}

export const BULLETINS_SETTINGS = defineSettings<BulletinsSettings>((env) => ({
  boletinMaxCaracteres: readInt(env, 'BOLETIN_MAX_CARACTERES', 280, 1, 10_000),
}));
`,
  'api/src/modules/bulletins/bulletins.errors.ts': `
import { HttpStatus } from '@nestjs/common';
import { defineErrorCodes } from '@core/errors/domain-exception';

export const BulletinsError = defineErrorCodes({
  TooLong: ['BULLETIN_TOO_LONG', HttpStatus.UNPROCESSABLE_ENTITY],
});
`,
  'api/src/modules/bulletins/bulletins.mail.ts': `
import type { MailTemplateRenderers } from '../mail/render/templates';
import { requireText } from '../mail/render/template-helpers';

export const BULLETINS_MAIL_TEMPLATES = {
  'boletin.publicado': (data) => ({
    content: {
      subject: 'Boletín publicado',
      preheader: 'Tu boletín ya está publicado.',
      heading: 'Boletín publicado',
      blocks: [{ kind: 'p', text: requireText(data.texto, 'texto') }],
    },
  }),
} satisfies Partial<MailTemplateRenderers>;
`,
  'api/src/modules/bulletins/bulletins.realtime.ts': `
import { push, type PushRoutes } from '@core/realtime/push-routes';
import type { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { ROOMS } from '@shared/events/socket-events';
import { can } from '@shared/permissions';

const BULLETINS_PUSH_ROUTES: PushRoutes<'bulletin.published'> = {
  'bulletin.published': (e) => ({ pushes: [push('bulletin.published', [ROOMS.boletines], { bulletin: e.payload.bulletin })] }),
};

export function registerBulletinsRealtime(realtime: RealtimeRegistry): void {
  realtime.rooms(/^boletines$/, (user) => can(user, 'boletines', 'view'));
  realtime.pushRoutes(BULLETINS_PUSH_ROUTES);
}
`,
  'api/src/modules/bulletins/bulletins.service.ts': `
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import { DomainException } from '@core/errors/domain-exception';
import { UnitOfWork } from '@core/outbox/unit-of-work';
import type { BulletinResponse } from '@shared/contracts/bulletins.contract';
import type { EventActor } from '@shared/events/domain-events';
import { MailOutbox } from '../mail/mail-outbox';
import { BulletinEntity } from './bulletin.entity';
import { BulletinsError } from './bulletins.errors';
import type { BulletinsSettings } from './bulletins.settings';

@Injectable()
export class BulletinsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig & BulletinsSettings,
    private readonly uow: UnitOfWork,
    private readonly mail: MailOutbox,
  ) {}

  async publish(actor: EventActor, email: string, texto: string): Promise<BulletinResponse> {
    if (texto.length > this.config.boletinMaxCaracteres) {
      throw new DomainException(BulletinsError.TooLong, \`El boletín tiene más de \${this.config.boletinMaxCaracteres} caracteres.\`);
    }
    return this.uow.run(actor, async (tx) => {
      const row = await tx.manager.getRepository(BulletinEntity).save({ texto });
      const bulletin = { id: row.id, texto: row.texto, created_at: row.createdAt.toISOString() };
      await tx.record({ type: 'bulletin.published', resourceId: row.id, payload: { bulletin } });
      await this.mail.queue(tx.manager, [
        { key: \`boletin.publicado:\${row.id}\`, template: 'boletin.publicado', to: { email, name: null }, data: { texto }, ref: null },
      ]);
      return bulletin;
    });
  }
}
`,
  'api/src/modules/bulletins/bulletins.controller.ts': `
import { Body, Controller } from '@nestjs/common';
import { IsString } from 'class-validator';
import { RequirePermission } from '@core/access/access.decorators';
import { Actor, CurrentUser, type AuthUser } from '@core/access/current-user';
import { Endpoint } from '@core/http/endpoint';
import { S } from '@core/http/openapi-answers';
import type { EventActor } from '@shared/events/domain-events';
import { BulletinsService } from './bulletins.service';

export class PublishBulletinDto {
  @IsString({ message: 'El texto es obligatorio.' })
  texto: string;
}

@Controller('boletines')
export class BulletinsController {
  constructor(private readonly bulletins: BulletinsService) {}

  @Endpoint('POST', 'Publicar un boletín', RequirePermission('boletines', 'create'), {
    201: ['Boletín publicado (y enviado por correo).', S.object({ id: S.int(), texto: S.text('Hoy no hay servicio.'), created_at: S.date() })],
  })
  publish(@Actor() actor: EventActor, @CurrentUser() user: AuthUser, @Body() dto: PublishBulletinDto) {
    return this.bulletins.publish(actor, user.email, dto.texto);
  }
}
`,
  'api/src/modules/bulletins/bulletins.module.ts': `
import { Module, type OnModuleInit } from '@nestjs/common';
import { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { MailModule } from '../mail/mail.module';
import { BulletinsController } from './bulletins.controller';
import { registerBulletinsRealtime } from './bulletins.realtime';
import { BulletinsService } from './bulletins.service';

@Module({ imports: [MailModule], controllers: [BulletinsController], providers: [BulletinsService] })
export class BulletinsModule implements OnModuleInit {
  constructor(private readonly realtime: RealtimeRegistry) {}

  onModuleInit(): void {
    registerBulletinsRealtime(this.realtime);
  }
}
`,
  'web/src/features/bulletins/routes.tsx': `
import { lazyPage, noPermissionNotice, viewGroup, type FeatureScreens } from '../../lib/screens';

export const screens: FeatureScreens = {
  layout: 'staff',
  order: 90,
  groups: [
    viewGroup('boletines', noPermissionNotice('bulletins-denied'), {
      routes: [{ path: '/boletines', lazy: lazyPage(() => import('./components/bulletins-page'), 'BulletinsPage') }],
    }),
  ],
};
`,
  'web/src/features/bulletins/components/bulletins-page.tsx': `
import { useState } from 'react';
import type { BulletinResponse } from '@shared/contracts/bulletins.contract';
import { ROOMS } from '@shared/events/socket-events';
import { useLiveRoom, useSocketEvent } from '../../../lib/live';

export function BulletinsPage() {
  const [bulletins, setBulletins] = useState<BulletinResponse[]>([]);
  useLiveRoom(ROOMS.boletines);
  useSocketEvent('bulletin.published', (msg) => setBulletins((list) => [msg.data.bulletin, ...list]));
  return (
    <main>
      <h1>Boletines</h1>
      <ul>
        {bulletins.map((b) => (
          <li key={b.id}>{b.texto}</li>
        ))}
      </ul>
    </main>
  );
}
`,
};

/** The registrations, each written where docs/architecture.md says: [file, anchor, what goes right after it]. */
const REGISTRATIONS: Array<[string, RegExp, string]> = [
  [
    'api/src/modules/index.ts',
    /^/,
    `import { BulletinsModule } from './bulletins/bulletins.module';
import { BulletinEntity } from './bulletins/bulletin.entity';
import { BULLETINS_SETTINGS } from './bulletins/bulletins.settings';
import { BULLETINS_MAIL_TEMPLATES } from './bulletins/bulletins.mail';
`,
  ],
  [
    'api/src/modules/index.ts',
    /export const AREA_REGISTRATIONS = \{\n/,
    `  bulletins: { module: BulletinsModule, entities: [BulletinEntity], settings: [BULLETINS_SETTINGS], mailTemplates: BULLETINS_MAIL_TEMPLATES },\n`,
  ],
  ['api/src/core/database/migrations/index.ts', /^/, `import { Bulletins1799000000000 } from './1799000000000-bulletins';\n`],
  ['api/src/core/database/migrations/index.ts', /export const MIGRATIONS = \[[^\]]*/, `, Bulletins1799000000000`],
  ['api/src/shared/permissions.ts', /export const AREAS = \[[^\]]*/, `, 'boletines'`],
  ['api/src/shared/permissions.ts', /export const AREA_LABELS: Record<Area, string> = \{\n/, `  boletines: 'Boletines',\n`],
  [
    'api/src/shared/events/domain-events.ts',
    /export interface DomainEventMap \{\n/,
    `  'bulletin.published': { bulletin: BulletinResponse };\n`,
  ],
  ['api/src/shared/events/domain-events.ts', /^/, `import type { BulletinResponse } from '../contracts/bulletins.contract';\n`],
  [
    'api/src/shared/events/domain-events.ts',
    /export const DOMAIN_EVENT_AUDIT[^\n]*= \{\n/,
    `  'bulletin.published': { action: 'create', resourceType: 'boletin' },\n`,
  ],
  [
    'api/src/shared/events/socket-events.ts',
    /export interface ServerToClientEvents \{\n/,
    `  'bulletin.published': (msg: Push<{ bulletin: BulletinResponse }>) => void;\n`,
  ],
  ['api/src/shared/events/socket-events.ts', /\*\/\n/, `import type { BulletinResponse } from '../contracts/bulletins.contract';\n`],
  ['api/src/shared/events/socket-events.ts', /export const ROOMS = \{\n/, `  boletines: 'boletines',\n`],
  ['api/src/shared/contracts/mail.contract.ts', /export interface MailTemplateData \{\n/, `  'boletin.publicado': { texto: string };\n`],
  ['eslint.config.mjs', /const MODULE_IMPORTS_ALLOWED = \{\n/, `  bulletins: ['mail'],\n`],
];

function filesUnder(base: string, dir: string): string[] {
  return readdirSync(join(base, dir), { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'node_modules' || d.name === 'dist' ? [] : filesUnder(base, path);
    return [path];
  });
}

/** docs/architecture.md, «Agregar un área»: the most existing files an area touches, and the files its list names. */
function documented(): { most: number; files: string[] } {
  const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Agregar un área'), doc.indexOf('\n## ', doc.indexOf('## Agregar un área') + 1));
  const most = Number(/\*\*(\d+) archivos existentes\*\*/.exec(section)?.[1]);
  const files = section
    .split('\n')
    .filter((line) => /^\d+\. `/.test(line))
    .map((line) => /`([^`]+)`/.exec(line)![1]);
  return { most, files };
}

describe('adding an area (docs/architecture.md, «Agregar un área»)', () => {
  let copy: string;

  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'aforo-area-'));
    for (const path of COPIED) cpSync(join(ROOT, path), join(copy, path), { recursive: true, filter: (p) => !p.includes('node_modules') });
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
    if (existsSync(join(ROOT, 'web/node_modules'))) symlinkSync(join(ROOT, 'web/node_modules'), join(copy, 'web/node_modules'), 'dir');
    for (const [path, text] of Object.entries(NEW_FILES)) {
      mkdirSync(dirname(join(copy, path)), { recursive: true });
      writeFileSync(join(copy, path), text.trimStart());
    }
    for (const [path, anchor, text] of REGISTRATIONS) {
      const file = join(copy, path);
      const source = readFileSync(file, 'utf8');
      const found = anchor.exec(source);
      if (!found) throw new Error(`${path}: the place for the registration (${anchor}) is gone; update this test and the doc`);
      const at = found.index + found[0].length;
      writeFileSync(file, source.slice(0, at) + text + source.slice(at));
    }
  });

  afterAll(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('touches, outside its own folders, only files the doc lists, and no more than it says', () => {
    const filesOf = (base: string) =>
      COPIED.flatMap((path) => (statSync(join(base, path)).isDirectory() ? filesUnder(base, path) : [path]));
    const touched = filesOf(ROOT)
      .filter((path) => readFileSync(join(ROOT, path), 'utf8') !== readFileSync(join(copy, path), 'utf8'))
      .sort();
    const created = filesOf(copy)
      .filter((path) => !existsSync(join(ROOT, path)))
      .filter((path) => !OWN.some((own) => path.startsWith(own)));
    const doc = documented();
    expect(created).toEqual([]);
    expect(touched.filter((path) => OWN.some((own) => path.startsWith(own)))).toEqual([]);
    expect(touched.filter((path) => !doc.files.includes(path))).toEqual([]);
    expect(touched.length).toBeLessThanOrEqual(doc.most);
    // Everything the doc's list names but jobs (this area has none).
    expect(touched).toEqual(doc.files.filter((path) => path !== 'api/src/shared/jobs/jobs.ts').sort());
  });

  it('compiles (server and web) and its registry of areas picks the area up', async () => {
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    writeFileSync(
      join(copy, 'tsconfig.area.json'),
      JSON.stringify({
        extends: './tsconfig.json',
        compilerOptions: { outDir: 'dist', rootDir: '.', types: ['node'], sourceMap: false },
        include: ['api/src', 'workers/src'],
      }),
    );
    const compile = (args: string[]) =>
      run(process.execPath, args, { cwd: copy, maxBuffer: 16 * 1024 * 1024 }).catch((err: { stdout?: string; message: string }) => {
        throw new Error(`${args.join(' ')} failed:\n${err.stdout || err.message}`);
      });
    await Promise.all([compile([tsc, '-p', 'tsconfig.area.json']), compile([tsc, '-p', 'web/tsconfig.json', '--noEmit'])]);
    await compile([join(ROOT, 'node_modules/tsc-alias/dist/bin/index.js'), '-p', 'tsconfig.area.json']);

    const probe = `
      require('reflect-metadata');
      const dist = './dist/api/src';
      const { AREA_MODULES, AREA_SETTINGS } = require(dist + '/modules/index.js');
      const { loadConfig } = require(dist + '/core/config/app-config.js');
      const { declaredErrorCodes } = require(dist + '/core/errors/domain-exception.js');
      const { mailTemplateRenderer } = require(dist + '/modules/mail/render/templates/index.js');
      const { DOMAIN_EVENT_AUDIT } = require(dist + '/shared/events/domain-events.js');
      const { AREAS } = require(dist + '/shared/permissions.js');
      const { MIGRATIONS } = require(dist + '/core/database/migrations/index.js');
      const env = { DATABASE_URL: 'postgres://u@localhost/db', JWT_SECRET: 'x'.repeat(40), BOLETIN_MAX_CARACTERES: '99' };
      process.stdout.write(JSON.stringify({
        module: AREA_MODULES.some((m) => m.name === 'BulletinsModule'),
        setting: loadConfig(env, AREA_SETTINGS).boletinMaxCaracteres,
        error: declaredErrorCodes().get('BULLETIN_TOO_LONG'),
        template: typeof mailTemplateRenderer('boletin.publicado'),
        audit: DOMAIN_EVENT_AUDIT['bulletin.published'],
        permission: AREAS.includes('boletines'),
        migration: MIGRATIONS.at(-1).name,
      }));
    `;
    const { stdout } = await run(process.execPath, ['-e', probe], { cwd: copy });
    expect(JSON.parse(stdout)).toEqual({
      module: true,
      setting: 99,
      error: 422,
      template: 'function',
      audit: { action: 'create', resourceType: 'boletin' },
      permission: true,
      migration: 'Bulletins1799000000000',
    });
  }, 600_000);
});
