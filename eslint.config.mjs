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
const importZones = [
  {
    files: ['web/src/lib/**/*.{ts,tsx}', 'web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**', '**/app/**'], message: 'Lo compartido no importa features ni app.' }, SHARED_FROM_API] },
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
          ],
        },
      ],
    },
  })),
  {
    files: ['web/src/app/**/*.{ts,tsx}', 'web/src/main.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SHARED_FROM_API] }] },
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'coverage/**', 'test-results/**', 'playwright-report/**'] },
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
