import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Web imports flow one way: shared (lib, components) → features → app; no feature imports another; and
 * from the API side the browser may import only contracts, pure rules, socket-event types and permissions.
 */
const FEATURES = readdirSync(new URL('./web/src/features', import.meta.url));
const SHARED_FROM_API = {
  regex: '^@shared/(?!contracts/|rules/|events/socket-events$|permissions$|limits$)',
  message: 'La web solo importa del API contratos, reglas puras, eventos de socket y permisos.',
};
/** The browser reaches the API only through @shared (api/src/shared), never core or a module. */
const WEB_NOT_SERVER = {
  regex: '^@(core|modules)/|(^|/)api/src/(?!shared(/|$))',
  message: 'La web solo importa del API lo de api/src/shared (alias @shared).',
};
const importZones = [
  {
    files: ['web/src/lib/**/*.{ts,tsx}', 'web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/features/**', '**/app/**'], message: 'Lo compartido no importa features ni app.' },
            SHARED_FROM_API,
            WEB_NOT_SERVER,
          ],
        },
      ],
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                ...FEATURES.filter((f) => f !== feature).flatMap((f) => [`../../${f}`, `../../${f}/**`, `**/features/${f}/**`]),
                '**/app/**',
              ],
              message: 'Una feature no importa otra feature ni app: lo común va en lib/ o components/.',
            },
            SHARED_FROM_API,
            WEB_NOT_SERVER,
          ],
        },
      ],
    },
  })),
  {
    files: ['web/src/app/**/*.{ts,tsx}', 'web/src/main.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SHARED_FROM_API, WEB_NOT_SERVER] }] },
  },
];

/**
 * API imports flow one way too: shared (the vocabulary: imports only itself, no package, no node builtin)
 * ← core (infrastructure: never a module) ← modules. A module reaches another area only through the
 * allow-list below, each arrow a reason (the registration lists api/src/modules/*.ts name every area).
 */
const MODULE_IMPORTS_ALLOWED = {
  auth: ['users'], // signing in reads and creates accounts; users owns them (DTO fields, password hasher)
  // an event's cover image goes through the images service; the demo seed stores the mail its changes queued (mail/demo-mail.ts); its door adapter plugs into the door engine
  'external-events': ['images', 'mail', 'door'],
  // attendees' seats are given and released through the seating service; invitations are mail; its door adapter plugs into the door engine
  'internal-events': ['seating', 'mail', 'door'],
  programs: ['mail'], // an application's messages are queued through mail
  // retention asks each area's repository its anonymise/purge statements (retention.sources.ts: one adapter per area)
  retention: ['external-events', 'programs', 'mail', 'personas'],
  privacy: ['mail', 'users'], // ARCO answers are mail and oposición is its suppression list; reminders go to the privacidad staff (users)
  webhooks: ['mail', 'users'], // a paused endpoint's owner is mailed (users: who they are)
};
const AREAS = readdirSync(new URL('./api/src/modules', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
/** Relative specifiers that climb out of api/src/shared from a file `depth` folders below it. */
const leavesShared = (depth) => ({
  regex: `^${'\\.\\./'.repeat(depth + 1)}`,
  message: 'shared/ importa solo de shared/.',
});
const sharedZones = [0, 1, 2].map((depth) => ({
  files: [`api/src/shared/${'*/'.repeat(depth)}*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^[^.]',
            message: 'shared/ importa solo de shared/ (rutas relativas): ni @core, ni @modules, ni paquetes, ni node:.',
          },
          leavesShared(depth),
        ],
      },
    ],
  },
}));
/**
 * What a process is (its roles, how it drains and stops, its liveness beat, its socket adapter, its priority) is decided
 * by the entry points (main.ts, app.factory.ts, workers/src/main.ts) and core's wiring: an area only asks whether this
 * process is draining (the health answer).
 */
const PROCESS_FROM_AREAS = {
  regex: '^(@core/|(\\.\\./)+core/)process/(?!shutdown-state$)',
  message: 'Un módulo no decide qué es el proceso (core/process/): solo lee si está drenando (shutdown-state).',
};
const apiZones = [
  ...sharedZones,
  {
    files: ['api/src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^@modules/|(^|/)modules(/|$)', message: 'core/ es infraestructura: no importa ningún módulo.' }] },
      ],
    },
  },
  ...AREAS.map((area) => {
    const others = AREAS.filter((a) => a !== area && !(MODULE_IMPORTS_ALLOWED[area] ?? []).includes(a));
    return {
      files: [`api/src/modules/${area}/**/*.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...(others.length
                ? [
                    {
                      regex: `^(@modules/|(\\.\\./)+)(${others.join('|')})(/|$)`,
                      message: `Un módulo no importa otro fuera de la lista permitida (eslint.config.mjs, MODULE_IMPORTS_ALLOWED): ${area} → ${(MODULE_IMPORTS_ALLOWED[area] ?? []).join(', ') || 'ninguno'}.`,
                    },
                  ]
                : []),
              PROCESS_FROM_AREAS,
            ],
          },
        ],
      },
    };
  }),
];

export default tseslint.config(
  // test/generated: the OpenAPI client openapi-typescript writes there (npm run openapi:client), gitignored.
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'test/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-console': 'off',
    },
  },
  {
    // Nest resolves constructor parameters from their runtime types: value imports there are required.
    files: ['api/**/*.ts', 'workers/**/*.ts', 'test/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web app pushes; it never polls (the old system's 3 s polling is gone).
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='setInterval']", message: 'Usa los pushes del socket, no sondeo.' },
      ],
    },
  },
  ...importZones,
  ...apiZones,
  {
    // A browser spec's `test` is test/e2e/fixtures.ts's: its baseURL is its worker's own server (there is no other).
    files: ['test/e2e/**/*.ts'],
    ignores: ['test/e2e/fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: 'Importa `test` de test/e2e/fixtures.ts: cada worker prueba contra un servidor propio.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // CommonJS scripts (the benchmarks' baselines load the compiled API with require).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
