import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { goLiveChecks, startReport } from '../src/modules/go-live/checks';
import { type GoLiveFacts } from '../src/modules/go-live/facts';
import { createDonation, createFund, createUser } from '../src/seed/factories';
import { createPostgresDatabase, TEST_DB_KIND } from './helper';
import { startServer } from './support/server-process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const work = mkdtempSync(path.join(tmpdir(), 'easyfund-doctor-'));
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
  rmSync(work, { recursive: true, force: true });
});

const SECRET = 'doctor-secret-doctor-secret-doctor-secret-0123';
const STRIPE_LIVE = {
  STRIPE_SECRET_KEY: 'sk_live_doctor',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_doctor',
  STRIPE_WEBHOOK_SECRET: 'whsec_doctor',
};
/** A live site done right (with DATABASE_URL, or the embedded database once backed up). */
const GOOD = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://easyfund.example.org',
  ...STRIPE_LIVE,
  SMTP_URL: 'smtp://mailer:secret@mail.example.org:587',
  MAIL_FROM: 'Easy Fund <donations@easyfund.example.org>',
  AUTH_SECRET: SECRET,
  TRUST_PROXY: '10.0.0.0/8',
};

let dirs = 0;
/** A data directory and, on PostgreSQL, a database of its own. */
async function site() {
  const dataDir = path.join(work, `site-${++dirs}`);
  let databaseUrl: string | undefined;
  if (TEST_DB_KIND === 'postgres') {
    const created = await createPostgresDatabase();
    drops.push(created.drop);
    databaseUrl = created.url;
  }
  return { dataDir, databaseUrl };
}

/** Creates the site's database with an account of each kind given, one payment each. */
async function seed(
  where: { dataDir: string; databaseUrl?: string },
  people: { email: string; mode: 'test' | 'live' }[],
) {
  const database = await openDatabase({
    url: where.databaseUrl,
    dataDir: path.join(where.dataDir, 'pglite'),
    poolSize: 2,
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: where.dataDir,
    AUTH_SECRET: SECRET,
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, database });
  try {
    const raiser = await createUser(app.auth, database.db, { role: 'verified' });
    const fund = await createFund(database.db, { raiserId: raiser.id });
    for (const p of people) {
      const u = await createUser(app.auth, database.db, { email: p.email });
      await createDonation(database.db, {
        userId: u.id,
        fundId: fund.id,
        amountTk: 500,
        mode: p.mode,
      });
    }
  } finally {
    await app.close();
    await database.close();
  }
}

/** Runs an `npm run` script (tsx, as npm does) with exactly this environment. */
function run(
  script: 'doctor' | 'backup',
  where: { dataDir: string; databaseUrl?: string },
  vars: Record<string, string>,
  args: string[] = [],
) {
  return spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/tsx/dist/cli.mjs'),
      path.join(root, `apps/server/src/cli/${script}.ts`),
      ...args,
    ],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: where.dataDir,
        LOG_LEVEL: 'silent',
        ...(where.databaseUrl ? { DATABASE_URL: where.databaseUrl } : {}),
        ...vars,
      },
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
}

/** The report's lines by their title: `FAIL  Mail (SMTP_URL): …` → `FAIL`. */
function statuses(stdout: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of stdout.split('\n')) {
    const m = /^(OK|WARN|FAIL)\s+([^:]+):/.exec(line);
    if (m) out[m[2]!] = m[1]!;
  }
  return out;
}

/**
 * What the test's PostgreSQL server says of its upkeep (autovacuum, track_counts), as the
 * doctor asks it; undefined on the embedded database. CI's server runs without autovacuum.
 */
async function serverUpkeepOff(databaseUrl: string | undefined): Promise<string | undefined> {
  if (!databaseUrl) return undefined;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ autovacuum: string; track_counts: string }>(
      "select current_setting('autovacuum') as autovacuum, current_setting('track_counts') as track_counts",
    );
    const off = [
      ...(rows[0]?.autovacuum === 'on' ? [] : ['autovacuum = off']),
      ...(rows[0]?.track_counts === 'on' ? [] : ['track_counts = off']),
    ];
    return off.length ? off.join(' and ') : undefined;
  } finally {
    await client.end();
  }
}

describe('npm run doctor (a real process)', () => {
  it('fails a live site on http with no mail, no two-factor, a readable secret and the demo in its database', async () => {
    const where = await site();
    await seed(where, [
      { email: 'donor@easyfund.test', mode: 'test' },
      { email: 'real.donor@example.com', mode: 'live' },
    ]);
    const secretFile = path.join(where.dataDir, 'auth-secret');
    writeFileSync(secretFile, `${SECRET}\n`);
    chmodSync(secretFile, 0o644);

    const res = run('doctor', where, {
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://easyfund.example.org',
      ...STRIPE_LIVE,
    });
    expect(res.stderr).toBe('');
    expect(res.status).toBe(1);
    expect(res.stdout).toMatch(/real money: every FAIL must be fixed/);
    expect(statuses(res.stdout)).toEqual({
      'Public address (PUBLIC_URL)': 'FAIL',
      'Payment provider': 'OK',
      'Payment callbacks': 'FAIL',
      'Mail (SMTP_URL)': 'FAIL',
      'Session secret (AUTH_SECRET)': 'FAIL',
      'Database and backups':
        TEST_DB_KIND === 'pglite'
          ? 'FAIL'
          : (await serverUpkeepOff(where.databaseUrl))
            ? 'WARN'
            : 'OK',
      'Two-factor sign-in for admins': 'FAIL',
      'Proxy (TRUST_PROXY)': 'OK',
      'No demo data': 'FAIL',
    });
    // Each FAIL says what to do.
    expect(res.stdout).toContain('http://easyfund.example.org is not https');
    expect(res.stdout).toContain(
      "Stripe's webhook cannot reach http://easyfund.example.org/api/webhooks/stripe",
    );
    expect(res.stdout).toContain(`chmod 600 ${secretFile}`);
    expect(res.stdout).toMatch(/mode 0644/);
    expect(res.stdout).toMatch(/1 demo account\(s\) \(@easyfund\.test\) and 1 test payment\(s\)/);
    expect(res.stdout).toMatch(/set SMTP_URL=/);
  }, 120_000);

  it('passes a live site set up as docs/deploying.md says, and says so with exit code 0', async () => {
    const where = await site();
    await seed(where, [{ email: 'real.donor@example.com', mode: 'live' }]);
    if (TEST_DB_KIND === 'pglite') {
      // The embedded database needs a backup first: the real command makes it.
      const before = run('doctor', where, GOOD);
      expect(statuses(before.stdout)['Database and backups']).toBe('FAIL');
      expect(before.stdout).toMatch(/has no backup: stop the server, run npm run backup/);
      expect(before.status).toBe(1);
      const backup = run('backup', where, GOOD, [path.join(work, 'doctor-backup.tar.gz')]);
      expect(backup.status).toBe(0);
    }
    const res = run('doctor', where, GOOD);
    expect(res.stderr).toBe('');
    expect(res.stdout).not.toMatch(/^FAIL/m);
    // A PostgreSQL server without its own upkeep is the one WARN left, and says which.
    const upkeepOff = await serverUpkeepOff(where.databaseUrl);
    const { 'Database and backups': database, ...others } = statuses(res.stdout);
    expect(Object.values(others)).toEqual(Array(8).fill('OK'));
    expect(database).toBe(upkeepOff ? 'WARN' : 'OK');
    if (upkeepOff) {
      expect(res.stdout).toContain(`PostgreSQL (DATABASE_URL) runs with ${upkeepOff}:`);
      expect(res.stdout).toMatch(/or run VACUUM \(ANALYZE\) every night/);
    }
    expect(res.stdout).toContain(
      "Stripe's webhook posts to https://easyfund.example.org/api/webhooks/stripe",
    );
    // The SMTP password is never printed.
    expect(res.stdout).not.toContain('secret@');
    expect(res.stdout.trim().split('\n').at(-1)).toBe(
      upkeepOff ? '0 FAIL, 1 WARN, 8 OK' : '0 FAIL, 0 WARN, 9 OK',
    );
    expect(res.status).toBe(0);
  }, 180_000);
});

describe('the checklist', () => {
  const dataDir = path.join(work, 'config-only');
  const check = (env: Record<string, string>, facts: Partial<GoLiveFacts> = {}) => {
    const config = loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, ...env });
    const checks = goLiveChecks(config, {
      demoData: { accounts: 0, testPayments: 0 },
      lastBackupAt: new Date(),
      ...facts,
    });
    return {
      checks,
      status: Object.fromEntries(checks.map((c) => [c.id, c.status])),
      start: startReport(config, checks),
    };
  };

  it('in the demo warns, never fails, and the start prints one line', () => {
    const demo = check(
      { NODE_ENV: 'production', PAYMENT_PROVIDER: 'test', SEED_DEMO: 'true' },
      { demoData: { accounts: 20, testPayments: 280 }, lastBackupAt: null },
    );
    expect(Object.values(demo.status)).not.toContain('FAIL');
    const attention = demo.checks.filter((c) => c.status === 'WARN').length;
    expect(attention).toBeGreaterThanOrEqual(6);
    expect(demo.start).toEqual([`${attention} go-live checks need attention: npm run doctor`]);
  });

  it('fails a live store whose payments would be validated by another address', () => {
    const sslcommerz = check({
      ...GOOD,
      SSLCOMMERZ_STORE_ID: 'easyfund_live',
      SSLCOMMERZ_STORE_PASSWORD: 'x',
      SSLCOMMERZ_SANDBOX: 'false',
      SSLCOMMERZ_API_URL: 'http://127.0.0.1:9999',
    });
    expect(sslcommerz.status.payments).toBe('FAIL');
    expect(sslcommerz.start.join('\n')).toMatch(
      /FAIL {2}Payment provider: SSLCOMMERZ_API_URL sends the validation of live payments/,
    );
    expect(sslcommerz.status['payment-callbacks']).toBe('OK');
  });

  it('asks for TRUST_PROXY behind an https proxy, and names the risk of trusting everyone', () => {
    const { TRUST_PROXY: _set, ...unset } = GOOD;
    expect(check({ ...unset, NODE_ENV: 'development' }).status.proxy).toBe('FAIL');
    expect(check(unset).status.proxy).toBe('WARN');
    expect(check({ ...GOOD, TRUST_PROXY: 'true' }).status.proxy).toBe('WARN');
    expect(check(GOOD).status.proxy).toBe('OK');
  });

  it('warns of a PostgreSQL server that does not keep its tables up, and says what to set', () => {
    const postgres = { ...GOOD, DATABASE_URL: 'postgres://easyfund@db.example.org/easyfund' };
    const database = (upkeep?: { autovacuum: boolean; trackCounts: boolean }) =>
      check(postgres, { upkeep }).checks.find((c) => c.id === 'database');
    expect(database({ autovacuum: true, trackCounts: true })?.status).toBe('OK');
    // Not asked (the database did not answer that far): nothing claimed either way.
    expect(database(undefined)?.status).toBe('OK');
    const off = database({ autovacuum: false, trackCounts: true });
    expect(off?.status).toBe('WARN');
    expect(off?.detail).toMatch(/^PostgreSQL \(DATABASE_URL\) runs with autovacuum = off: /);
    expect(off?.detail).toMatch(/set autovacuum = on and track_counts = on/);
    // Without the counts autovacuum never starts: the same warning, naming it.
    const blind = database({ autovacuum: true, trackCounts: false });
    expect(blind?.status).toBe('WARN');
    expect(blind?.detail).toMatch(/runs with track_counts = off:/);
    expect(database({ autovacuum: false, trackCounts: false })?.detail).toMatch(
      /runs with autovacuum = off and track_counts = off:/,
    );
    // A WARN on a live site too: a nightly VACUUM of its own does the same work.
    expect(check(postgres, { upkeep: { autovacuum: false, trackCounts: true } }).start).toEqual(
      expect.arrayContaining([expect.stringMatching(/WARN {2}Database and backups: PostgreSQL/)]),
    );
  });

  it('counts an embedded backup older than a week as old', () => {
    const { AUTH_SECRET: _secret, ...embedded } = GOOD;
    const old = check(
      { ...embedded, AUTH_SECRET: SECRET },
      { lastBackupAt: new Date(Date.now() - 8 * 86_400_000) },
    );
    expect(old.status.database).toBe('WARN');
    expect(old.checks.find((c) => c.id === 'database')?.detail).toMatch(/8 days ago/);
  });
});

describe('the server start', () => {
  it('prints the go-live FAIL and WARN lines of a live site as warnings', async () => {
    const where = await site();
    const server = await startServer({
      name: 'doctor',
      env: {
        ...STRIPE_LIVE,
        PAYMENT_PROVIDER: 'stripe',
        PUBLIC_URL: 'http://easyfund.example.org',
        PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
        ...(where.databaseUrl ? { DATABASE_URL: where.databaseUrl } : {}),
      },
    });
    try {
      const until = Date.now() + 20_000;
      while (!/FAIL {2}Mail \(SMTP_URL\)/.test(server.output()) && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const out = server.output();
      expect(out).toContain('Go-live checks (npm run doctor):');
      expect(out).toMatch(/FAIL {2}Public address \(PUBLIC_URL\): http:\/\/easyfund\.example\.org/);
      expect(out).toMatch(/FAIL {2}Mail \(SMTP_URL\)/);
      // The start asks PostgreSQL about its upkeep as the doctor does.
      const upkeepOff = await serverUpkeepOff(where.databaseUrl);
      if (upkeepOff)
        expect(out).toContain(
          `WARN  Database and backups: PostgreSQL (DATABASE_URL) runs with ${upkeepOff}:`,
        );
      else if (where.databaseUrl) expect(out).not.toMatch(/Database and backups/);
      // Only what needs attention: no OK line.
      expect(out).not.toMatch(/^\s*OK /m);
      expect(out).not.toMatch(/go-live checks need attention/);
    } finally {
      await server.stop();
    }
  }, 240_000);
});
