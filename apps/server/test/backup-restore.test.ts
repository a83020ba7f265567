import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { lockDataDir } from '../src/db/data-dir-lock';
import {
  as,
  createPostgresDatabase,
  createSignedInUser,
  TEST_DB_KIND,
  type TestContext,
} from './helper';
import { createRaisedFund, donate } from './payments-helper';
import { repoRoot as root } from './support/server-process';
import { resources as api } from '@easyfund/shared/api/resources';

const work = mkdtempSync(path.join(tmpdir(), 'easyfund-backup-'));
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
  rmSync(work, { recursive: true, force: true });
});

const AUTH_SECRET = 'test-secret-test-secret-test-secret-0123456789';
const env = (dataDir: string, databaseUrl?: string) => ({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  AUTH_SECRET,
  LOG_LEVEL: 'silent',
  PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

/** An app on a database of the given data directory or PostgreSQL URL. */
async function appOn(dataDir: string, databaseUrl?: string) {
  const database: Database = await openDatabase({
    url: databaseUrl,
    dataDir: path.join(dataDir, 'pglite'),
    poolSize: 2,
  });
  const config = loadConfig(env(dataDir, databaseUrl));
  const app = await buildApp({ config, database });
  await app.ready();
  const ctx = { app, db: database.db, database, config, mails: [] } as unknown as TestContext;
  return {
    ctx,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** What the donor and the public see: the Donation History and each fund's totals. */
async function whatPeopleSee(ctx: TestContext, cookie: string, fundIds: string[]) {
  const history = await as({ app: ctx.app, cookie }).call(api.donations.mine);
  expect(history.statusCode).toBe(200);
  const funds = [];
  for (const id of fundIds) {
    const res = await as(ctx).call(api.funds.get, { params: { id } });
    expect(res.statusCode).toBe(200);
    const { raisedPoisha, donationCount } = res.json() as Record<string, number>;
    funds.push({ id, raisedPoisha, donationCount });
  }
  return { donations: (history.json() as { items: unknown[] }).items, funds };
}

/** Three card donations to two funds, through the API; what people see afterwards. */
async function donations(dataDir: string, databaseUrl?: string) {
  const { ctx, close } = await appOn(dataDir, databaseUrl);
  try {
    const donor = await createSignedInUser(ctx);
    const first = await createRaisedFund(ctx);
    const second = await createRaisedFund(ctx);
    for (const [fund, tk] of [
      [first, 500],
      [first, 700],
      [second, 1200],
    ] as const) {
      expect((await donate(ctx, donor, fund.id, tk)).confirmed.statusCode).toBe(200);
    }
    const seen = await whatPeopleSee(ctx, donor.cookie, [first.id, second.id]);
    expect(seen.donations).toHaveLength(3);
    expect(seen.funds.map((f) => [f.raisedPoisha, f.donationCount])).toEqual([
      [1200_00, 2],
      [1200_00, 1],
    ]);
    return { cookie: donor.cookie, fundIds: [first.id, second.id], seen };
  } finally {
    await close();
  }
}

const run = (script: string, args: string[], dataDir: string) =>
  spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/tsx/dist/cli.mjs'),
      path.join(root, `apps/server/src/cli/${script}.ts`),
      ...args,
    ],
    {
      cwd: root,
      env: { ...process.env, ...env(dataDir) },
      encoding: 'utf8',
      timeout: 150_000,
    },
  );

it.runIf(TEST_DB_KIND === 'pglite')(
  '`npm run backup` and `npm run restore` bring every donation and fund total back on a fresh data directory',
  async () => {
    const site = path.join(work, 'site');
    const { cookie, fundIds, seen } = await donations(site);
    const file = path.join(work, 'easyfund.tar.gz');
    const pglite = path.join(site, 'pglite');

    // While a server holds the database, the backup refuses: a copy of files being written
    // is no backup.
    const unlock = await lockDataDir(pglite, 'the server');
    try {
      const refused = run('backup', [file], site);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/is in use by the server/);
      expect(existsSync(file)).toBe(false);
    } finally {
      unlock();
    }

    const backup = run('backup', [file], site);
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toMatch(/is backed up to .*easyfund\.tar\.gz/);
    expect(backup.status).toBe(0);

    const fresh = path.join(work, 'fresh');
    const restore = run('restore', [file], fresh);
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toMatch(/3 donations/);
    expect(restore.status).toBe(0);
    // A restore never overwrites a database.
    const again = run('restore', [file], fresh);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already holds a database/);

    const { ctx, close } = await appOn(fresh);
    try {
      // The donor's session came back too: the same cookie sees the same history.
      expect(await whatPeopleSee(ctx, cookie, fundIds)).toEqual(seen);
    } finally {
      await close();
    }
  },
  300_000,
);

const hasPgTools =
  spawnSync('pg_dump', ['--version']).status === 0 &&
  spawnSync('pg_restore', ['--version']).status === 0;

it.runIf(TEST_DB_KIND === 'postgres' && hasPgTools)(
  'pg_dump -Fc and pg_restore bring every donation and fund total back into a fresh database',
  async () => {
    const source = await createPostgresDatabase();
    drops.push(source.drop);
    const { cookie, fundIds, seen } = await donations(work, source.url);

    const file = path.join(work, 'easyfund.dump');
    // The commands of docs/deploying.md, "Backup and restore".
    const dump = spawnSync('pg_dump', ['-Fc', '--no-owner', '-d', source.url, '-f', file], {
      encoding: 'utf8',
    });
    expect(dump.stderr).toBe('');
    expect(dump.status).toBe(0);

    const target = await createPostgresDatabase();
    drops.push(target.drop);
    const restore = spawnSync(
      'pg_restore',
      ['--no-owner', '--exit-on-error', '--single-transaction', '-d', target.url, file],
      { encoding: 'utf8' },
    );
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);

    const { ctx, close } = await appOn(work, target.url);
    try {
      expect(await whatPeopleSee(ctx, cookie, fundIds)).toEqual(seen);
    } finally {
      await close();
    }
  },
  180_000,
);
