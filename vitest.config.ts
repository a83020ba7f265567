import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: serverTests,
          env: { TEST_DB_KIND: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'api-postgres',
                include: serverTests,
                env: { TEST_DB_KIND: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
