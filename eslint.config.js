import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import tseslint from 'typescript-eslint';

const FEATURES = [
  'admin',
  'auth',
  'contact',
  'dashboard',
  'donations',
  'funds',
  'home',
  'raising',
  'zakat',
];
const featureType = (f) => `feature-${f}`;

/** Files of their own kind inside an element: the server's tables. */
const FILES = [{ category: 'tables', pattern: 'apps/server/src/db/schema.ts' }];

/** Where each kind of code lives; the policies below say who may import whom. */
const ELEMENTS = [
  { type: 'web-app', pattern: 'apps/web/src/app' },
  ...FEATURES.map((f) => ({ type: featureType(f), pattern: `apps/web/src/features/${f}` })),
  { type: 'web-api', pattern: 'apps/web/src/api' },
  { type: 'web-shared', pattern: ['apps/web/src/components', 'apps/web/src/lib'] },
  { type: 'shared-package', pattern: 'packages/shared' },
  { type: 'server-modules', pattern: 'apps/server/src/modules' },
  { type: 'server-plugins', pattern: 'apps/server/src/plugins' },
  { type: 'server-lib', pattern: 'apps/server/src/lib' },
  { type: 'server-db', pattern: 'apps/server/src/db' },
  { type: 'server-seed', pattern: 'apps/server/src/seed' },
  { type: 'server-entry', pattern: 'apps/server/src' },
];

const SERVER = [
  'server-modules',
  'server-plugins',
  'server-lib',
  'server-db',
  'server-seed',
  'server-entry',
];
const WEB = ['web-app', 'web-api', 'web-shared', ...FEATURES.map(featureType)];

const POLICIES = [
  // Features do not import each other; what two features need moves down.
  ...FEATURES.map((f) => ({
    from: { element: { type: featureType(f) } },
    disallow: {
      to: {
        element: {
          types: { anyOf: [...FEATURES.filter((o) => o !== f).map(featureType), 'web-app'] },
        },
      },
    },
  })),
  // Dependencies go one way: shared code → api → features → app.
  {
    from: { element: { type: 'web-shared' } },
    disallow: {
      to: { element: { types: { anyOf: ['web-app', 'web-api', ...FEATURES.map(featureType)] } } },
    },
  },
  {
    from: { element: { type: 'web-api' } },
    disallow: {
      to: { element: { types: { anyOf: ['web-app', ...FEATURES.map(featureType)] } } },
    },
  },
  {
    from: { element: { type: 'shared-package' } },
    disallow: { to: { element: { types: { anyOf: [...WEB, ...SERVER] } } } },
  },
  {
    from: { element: { types: { anyOf: WEB } } },
    disallow: { to: { element: { types: { anyOf: SERVER } } } },
  },
  {
    from: { element: { types: { anyOf: SERVER } } },
    disallow: { to: { element: { types: { anyOf: WEB } } } },
  },
  // lib/ and db/ sit below the modules and plugins; lib/ is infrastructure only: it knows
  // none of our tables (db/schema.ts) and no rule of a module (decision on lib/).
  {
    from: { element: { types: { anyOf: ['server-lib', 'server-db'] } } },
    disallow: {
      to: { element: { types: { anyOf: ['server-modules', 'server-plugins', 'server-seed'] } } },
    },
  },
  {
    from: { element: { type: 'server-lib' } },
    disallow: { to: { file: { categories: 'tables' } } },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      '**/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ELEMENTS,
      'boundaries/files': FILES,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'boundaries/dependencies': ['error', { default: 'allow', policies: POLICIES }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Every text a person sees goes through t(): a literal English string in JSX (text or a
  // read-out attribute) fails lint. Class names, test ids, routes and the brand are not texts.
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            // The DOM's read-out attributes; components' text props (label, hint, text,
            // empty, columns…) are translated by the component and checked by catalogue.test.ts.
            include: ['placeholder', 'aria-label', 'aria-description', 'alt'],
          },
          words: {
            exclude: ['[-0-9!-/:-@[-`{-~\\s©—→…·]+', '[A-Z_-]+', 'Easy Fund', 'https://'],
          },
          callees: {
            // register('email') and field('email') (components/text-field's formFields) take
            // a form field's name.
            exclude: [
              't',
              'tn',
              'i18n(ext)?',
              'register',
              'field',
              'require',
              'includes',
              'startsWith',
            ],
          },
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    // config-early.ts: the two settings a restart reads before the others (serve.ts).
    ignores: [
      'apps/server/src/config.ts',
      'apps/server/src/config-early.ts',
      'apps/server/src/**/*.test.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read the environment in config.ts only.' },
      ],
    },
  },
  prettier,
);
