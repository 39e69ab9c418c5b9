import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/web/dist-*/**',
      'data/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'bench/.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // The web's rooms read one way (docs/web-architecture.md): app/ (the shell) over features/, over
  // the generic engine/, over the shared ui/, over api/ and i18n/. Tests may reach up to set a scene.
  ...[
    ['features', ['app']],
    ['engine', ['app', 'features']],
    ['ui', ['app', 'features', 'engine']],
    ['api', ['app', 'features', 'engine', 'ui']],
    ['i18n', ['app', 'features', 'engine', 'ui', 'api']],
  ].map(([room, above]) => ({
    files: [`apps/web/src/${room}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}', '**/*.fixture.ts', 'apps/web/src/api/test-server.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${above.join('|')})/`,
              message: `${room}/ imports nothing of ${above.join('/, ')}/: they stand above it (docs/web-architecture.md).`,
            },
          ],
        },
      ],
    },
  })),
  {
    // Tests read loosely typed envelopes; `any` there costs nothing a failing assertion would not show.
    files: ['**/test/**/*.ts', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
