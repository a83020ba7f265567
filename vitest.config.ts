import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.test.ts'];
// Real server processes against PostgreSQL (scale-out, faults): a project of their own,
// with longer timeouts. Those that need PostgreSQL skip themselves without
// TEST_DATABASE_URL. Two may run at once (each has its own database, ports and proxy):
// one at a time, after the API files, they left half a core idle for 90 s.
const processTests = [
  'apps/server/test/scale-out.test.ts',
  'apps/server/test/faults.test.ts',
  'apps/server/test/compiled-server.test.ts',
  'apps/server/test/jobs-processes.test.ts',
  'apps/server/test/live-start.test.ts',
];

// An API test's limit. CI runs these beside the browser tests and the static checks on two
// cores, where a test taking 4 s alone has taken past 60 s.
const API_TEST_TIMEOUT = process.env.CI ? 120_000 : 60_000;

export default defineConfig({
  test: {
    // At least two files at a time: a test file waits on its database, timers and sockets
    // for a third of its time, so one file per core leaves a 2-core machine idle. At most
    // four, within PostgreSQL's connections (each file's app holds a pool of its own).
    maxWorkers: Math.min(4, Math.max(2, availableParallelism())),
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
          exclude: processTests,
          env: { TEST_DB_KIND: 'pglite' },
          // The files of a worker share their modules: the server's graph is loaded once
          // per worker, not once per file (decision 416). Each file still builds its own
          // app on its own database.
          isolate: false,
          globalSetup: ['apps/server/test/support/pglite-snapshot.ts'],
          testTimeout: API_TEST_TIMEOUT,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'processes',
          include: processTests,
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'api-postgres',
                include: serverTests,
                exclude: processTests,
                env: { TEST_DB_KIND: 'postgres' },
                isolate: false,
                globalSetup: ['apps/server/test/support/postgres-template.ts'],
                testTimeout: API_TEST_TIMEOUT,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
});
