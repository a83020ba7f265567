import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import {
  createPostgresDatabase,
  createSignedInUser,
  TEST_DB_KIND,
  type TestContext,
} from './helper';
import { confirmAtProcessor, createIntent, createRaisedFund, fundTotals } from './payments-helper';
import { repoRoot as root } from './support/server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'easyfund-reconcile-'));
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  if (TEST_DB_KIND === 'postgres') {
    const created = await createPostgresDatabase();
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
});
afterAll(async () => {
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const env = () => ({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  LOG_LEVEL: 'silent',
  PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

async function open(): Promise<Database> {
  return openDatabase({ url: databaseUrl, dataDir: path.join(dataDir, 'pglite'), poolSize: 2 });
}

it('`npm run reconcile` records a paid donation whose confirmation never arrived', async () => {
  // A donor pays at the processor, then the server dies before the confirmation.
  let database = await open();
  const config = loadConfig(env());
  const app = await buildApp({ config, database });
  const ctx = { app, db: database.db, database, config, mails: [] } as unknown as TestContext;
  const donor = await createSignedInUser(ctx);
  const fund = await createRaisedFund(ctx);
  const intent = (await createIntent(ctx, donor, { fundId: fund.id, amountTk: 700 })).json();
  expect((await confirmAtProcessor(ctx, intent)).statusCode).toBe(200);
  await app.close();
  await database.close();

  const run = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/tsx/dist/cli.mjs'),
      path.join(root, 'apps/server/src/cli/reconcile-payments.ts'),
      '--after',
      '0',
    ],
    { cwd: root, env: { ...process.env, ...env() }, encoding: 'utf8', timeout: 150_000 },
  );
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  expect(run.stdout).toMatch(/1 recorded as donations/);

  database = await open();
  try {
    expect(await fundTotals({ db: database.db } as TestContext, fund.id)).toEqual({
      raisedPoisha: 70_000,
      donationCount: 1,
    });
  } finally {
    await database.close();
  }
  // A real process starts and runs TypeScript: minutes on a busy two-core machine.
}, 180_000);
