import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { payments, testProcessorIntents, user } from '../src/db/schema';
import { checkLedger } from '../src/modules/ledger/check';
import { createFund } from '../src/seed/factories';
import { createPostgresDatabase, urlOf } from './helper';
import {
  CARDS,
  confirmDonation,
  confirmWithProcessor,
  createIntent,
  http,
  signInHttp,
  signUpHttp,
} from './support/http-client';
import {
  repoRoot,
  type ServerProcess,
  SHARED_AUTH_SECRET,
  startServer,
  startTcpProxy,
  type TcpProxy,
  withHostPort,
} from './support/server-process';
import { resources as api } from '@easyfund/shared/api/resources';

const base = process.env.TEST_DATABASE_URL;
if (!base) {
  console.warn(
    'faults.test.ts skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run server processes against PostgreSQL.',
  );
}

const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 20_000) => {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe.skipIf(!base)('a database outage', () => {
  let drop: () => Promise<void>;
  let proxy: TcpProxy;
  let server: ServerProcess;
  let cookie: string;
  const email = `outage-${Date.now()}@example.com`;

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    const target = new URL(created.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    server = await startServer({
      name: 'outage',
      env: {
        DATABASE_URL: withHostPort(created.url, '127.0.0.1', proxy.port),
        // Every request asks the database (no session reused from the last second).
        SESSION_CACHE_MS: '0',
      },
    });
    cookie = await signUpHttp(server.url, email);
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await drop?.();
  });

  it('answers 503 with a JSON error while the database is unreachable, keeps running, and recovers by itself', async () => {
    expect((await http(server.url, 'GET', urlOf(api.health.check))).status).toBe(200);
    expect((await http(server.url, 'GET', urlOf(api.session.me), { cookie })).status).toBe(200);

    proxy.cut();

    const health = await http(server.url, 'GET', urlOf(api.health.check));
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: 'unavailable', database: 'down' });

    const unavailable = { error: { code: 'unavailable', message: expect.any(String) } };
    for (const url of [api.session.me, api.funds.list, api.payments.mine, api.cart.list].map((e) =>
      urlOf(e),
    )) {
      const res = await http(server.url, 'GET', url, { cookie });
      expect(res.status, url).toBe(503);
      expect(res.headers.get('content-type'), url).toMatch(/^application\/json/);
      expect(res.body, url).toEqual(unavailable);
    }
    const signIn = await http(server.url, 'POST', '/api/auth/sign-in/email', {
      body: { email, password: 'secret123' },
    });
    expect(signIn.status).toBe(503);
    expect(signIn.body).toEqual(unavailable);
    expect(server.exited()).toBe(false);

    proxy.restore();

    await until('the health check to recover', async () => {
      return (await http(server.url, 'GET', urlOf(api.health.check))).status === 200;
    });
    expect((await http(server.url, 'GET', urlOf(api.session.me), { cookie })).status).toBe(200);
    expect(await signInHttp(server.url, email, 'secret123')).toContain('session_token');
    expect(server.exited()).toBe(false);
  });
});

describe.skipIf(!base)('a server process killed in the middle of a donation load', () => {
  let drop: () => Promise<void>;
  let url: string;
  let database: Database;
  let a: ServerProcess;
  let b: ServerProcess;
  let fundIds: string[];
  // The in-process reconciler is off: the test runs `npm run reconcile` itself.
  const env = () => ({ DATABASE_URL: url, PAYMENT_RECONCILE_INTERVAL_SECONDS: '0' });

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    url = created.url;
    [a, b] = await Promise.all([
      startServer({ name: 'kill-a', env: env() }),
      startServer({ name: 'kill-b', env: env() }),
    ]);
    database = await openDatabase({ url, poolSize: 2, migrate: false });
    await database.db
      .insert(user)
      .values({ id: 'raiser-k', name: 'Raiser', email: 'raiser-k@example.com', role: 'verified' });
    fundIds = [];
    for (let i = 0; i < 3; i++) {
      fundIds.push((await createFund(database.db, { raiserId: 'raiser-k' })).id);
    }
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await drop?.();
  });

  it('records every payment the processor reported succeeded exactly once, and the totals equal the records', async () => {
    const donors = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) =>
        signUpHttp(i % 2 ? a.url : b.url, `kill-donor${i}@example.com`, 'secret123', {
          'x-forwarded-for': `192.0.2.${i + 1}`,
        }),
      ),
    );
    const alive = () => [a, b].filter((p) => !p.exited()).map((p) => p.url);
    const pick = () => {
      const urls = alive();
      return urls[Math.floor(Math.random() * urls.length)] ?? b.url;
    };
    const counts = { started: 0, interrupted: 0, abandoned: 0, confirmed: 0 };
    let stop = false;

    const worker = async (w: number) => {
      for (let n = 0; !stop; n++) {
        const cookie = donors[w % donors.length]!;
        const fundId = fundIds[n % fundIds.length]!;
        counts.started++;
        try {
          const intent = await createIntent(pick(), cookie, fundId, 10 + ((w * 101 + n * 7) % 500));
          await confirmWithProcessor(pick(), intent, n % 9 === 8 ? CARDS.declined : CARDS.ok);
          // Now and then the donor closes the browser after the card step.
          if (n % 5 === 4) {
            counts.abandoned++;
            continue;
          }
          const res = await confirmDonation(pick(), cookie, intent.intentId);
          if (res.status === 200) counts.confirmed++;
          else counts.interrupted++;
        } catch {
          // The process answering this step was killed: the browser sees a network error.
          counts.interrupted++;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));

    await new Promise((r) => setTimeout(r, 2_500));
    const port = a.port;
    await a.kill();
    await new Promise((r) => setTimeout(r, 1_000));
    a = await startServer({ name: 'kill-a2', port, env: env() });
    await new Promise((r) => setTimeout(r, 2_500));
    stop = true;
    await load;
    expect(counts.interrupted).toBeGreaterThan(0);
    expect(counts.confirmed).toBeGreaterThan(10);

    // Paid at the processor but not recorded yet: the browsers that closed, and the
    // confirmations that died with the process. The reconciliation's work.
    const before = await database.db.select().from(payments).where(eq(payments.status, 'pending'));
    const paidBefore = await database.db
      .select({ id: testProcessorIntents.id })
      .from(testProcessorIntents)
      .where(eq(testProcessorIntents.status, 'succeeded'));
    const paidIdsBefore = new Set(paidBefore.map((i) => i.id));
    expect(before.filter((r) => paidIdsBefore.has(r.providerPaymentId)).length).toBeGreaterThan(0);

    const reconcile = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/reconcile-payments.ts', '--after', '0'],
      {
        cwd: repoRoot,
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          DATABASE_URL: url,
          AUTH_SECRET: SHARED_AUTH_SECRET,
          DATA_DIR: tmpdir(),
        },
      },
    );
    expect(reconcile.stderr).toBe('');
    expect(reconcile.status).toBe(0);

    const intents = await database.db.select().from(testProcessorIntents);
    const rows = await database.db.select().from(payments);
    const byIntent = new Map<string, (typeof rows)[number][]>();
    for (const r of rows)
      byIntent.set(r.providerPaymentId, [...(byIntent.get(r.providerPaymentId) ?? []), r]);

    const paidAtProcessor = intents.filter((i) => i.status === 'succeeded');
    expect(paidAtProcessor.length).toBeGreaterThan(10);
    for (const intent of paidAtProcessor) {
      const recorded = byIntent.get(intent.id) ?? [];
      expect(recorded, intent.id).toHaveLength(1);
      expect(recorded[0]).toMatchObject({ status: 'succeeded', amountPoisha: intent.amount });
    }
    const succeeded = rows.filter((r) => r.status === 'succeeded');
    expect(succeeded).toHaveLength(paidAtProcessor.length);
    // Nothing paid is left pending, and nothing unpaid was counted.
    const paidIds = new Set(paidAtProcessor.map((i) => i.id));
    expect(succeeded.every((r) => paidIds.has(r.providerPaymentId))).toBe(true);
    expect(rows.filter((r) => r.status === 'pending' && paidIds.has(r.providerPaymentId))).toEqual(
      [],
    );

    const ledger = await checkLedger(database.db);
    expect(ledger.problems).toEqual([]);
    expect(ledger.succeededPayments).toBe(paidAtProcessor.length);
    expect(ledger.succeededPoisha).toBe(paidAtProcessor.reduce((s, i) => s + i.amount, 0));

    // Both processes serve the same totals.
    for (const p of [a, b]) {
      for (const fundId of fundIds) {
        const fund = await http<{ raisedPoisha: number }>(
          p.url,
          'GET',
          urlOf(api.funds.get, { params: { id: fundId } }),
        );
        const sum = succeeded
          .filter((r) => r.fundId === fundId)
          .reduce((s, r) => s + r.amountPoisha, 0);
        expect(fund.body.raisedPoisha).toBe(sum);
      }
    }
    const [one] = await database.db.select().from(payments).where(eq(payments.status, 'pending'));
    // Only intents never paid at the processor may stay pending (the abandon window is a day).
    if (one) expect(paidIds.has(one.providerPaymentId)).toBe(false);
  });
});
