import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['admin', 'auth', 'contact', 'dashboard', 'donations', 'funds', 'home', 'raising'];
const web = './apps/web/src';

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
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Features do not import each other; shared code moves down.
            ...FEATURES.map((f) => ({
              target: `${web}/features/${f}`,
              from: `${web}/features`,
              except: [`./${f}`],
              message:
                'Features do not import each other: move shared code to components/, lib/ or packages/shared.',
            })),
            // Dependencies go one way: shared code → features → app.
            {
              target: `${web}/features`,
              from: `${web}/app`,
              message: 'Features must not import the app layer.',
            },
            {
              target: [`${web}/components`, `${web}/lib`],
              from: [`${web}/features`, `${web}/app`],
              message: 'Shared web code must not import features or the app.',
            },
            {
              target: './packages/shared',
              from: './apps',
              message: 'packages/shared must not import the apps.',
            },
            {
              target: './apps/web',
              from: './apps/server',
              message: 'The web app must not import server code.',
            },
            {
              target: './apps/server',
              from: './apps/web',
              message: 'The server must not import web code.',
            },
            {
              target: ['./apps/server/src/lib', './apps/server/src/db'],
              from: ['./apps/server/src/modules', './apps/server/src/plugins'],
              message: 'lib/ and db/ sit below modules and plugins.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read the environment in config.ts only.' },
      ],
    },
  },
  prettier,
);
