import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { funds, payments, user } from '../src/db/schema';
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
import { type ServerProcess, startServer } from './support/server-process';
import { resources as api } from '@easyfund/shared/api/resources';

const base = process.env.TEST_DATABASE_URL;
if (!base) {
  console.warn(
    'scale-out.test.ts skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run two server processes against one PostgreSQL.',
  );
}

/** Each process's pool, sized as docs/deploying.md says for processes sharing a database. */
const POOL = 3;

/** Each donor comes from an address of its own (through the balancer, X-Forwarded-For). */
const from = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i + 1}` });

describe.skipIf(!base)('two server processes on one PostgreSQL', () => {
  let drop: () => Promise<void>;
  let database: Database;
  let a: ServerProcess;
  let b: ServerProcess;
  let fundId: string;

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    // Started together: both apply migrations at start, under the advisory lock.
    // Each process names its connections, so that they can be counted apart.
    const env = (name: string) => ({
      DATABASE_URL: withApplicationName(created.url, `scale-out-${name}`),
      AUTH_EMAIL_RATE_LIMIT_MAX: '5',
      DATABASE_POOL_SIZE: String(POOL),
    });
    [a, b] = (await Promise.all(
      ['a', 'b'].map((name) => startServer({ name, env: env(name) })),
    )) as [ServerProcess, ServerProcess];
    database = await openDatabase({ url: created.url, poolSize: 2, migrate: false });
    await database.db
      .insert(user)
      .values({ id: 'raiser-1', name: 'Raiser', email: 'raiser@example.com', role: 'verified' });
    fundId = (await createFund(database.db, { raiserId: 'raiser-1', name: 'Shared fund' })).id;
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await drop?.();
  });

  it('uses a session made by one process on the other, and a sign-out on one ends it on both', async () => {
    const cookie = await signUpHttp(a.url, 'shared-session@example.com', 'secret123', from(0));
    const onB = await http<{ email: string }>(b.url, 'GET', urlOf(api.session.me), { cookie });
    expect(onB.status).toBe(200);
    expect(onB.body.email).toBe('shared-session@example.com');

    const out = await http(b.url, 'POST', '/api/auth/sign-out', { cookie, body: {} });
    expect(out.status).toBe(200);
    expect((await http(a.url, 'GET', urlOf(api.session.me), { cookie })).status).toBe(401);
    expect((await http(b.url, 'GET', urlOf(api.session.me), { cookie })).status).toBe(401);
  });

  it('shares the sign-in rate limit between the processes', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.9' };
    const attempt = (p: ServerProcess) =>
      http(p.url, 'POST', '/api/auth/sign-in/email', {
        headers: ip,
        body: { email: 'nobody@example.com', password: 'wrong-password1' },
      });
    // AUTH_EMAIL_RATE_LIMIT_MAX=5 sign-ins to one address, whichever process they reach.
    const statuses = [];
    for (const p of [a, b, a, b, a]) statuses.push((await attempt(p)).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    expect((await attempt(b)).status).toBe(429);
    expect((await attempt(a)).status).toBe(429);
  });

  it('records donations made through both processes exactly, whichever process does each step', async () => {
    const donors = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        signUpHttp(i % 2 ? a.url : b.url, `donor${i}@example.com`, 'secret123', from(i)),
      ),
    );
    const [pa, pb] = [a.url, b.url];
    // Every combination of processes for the three steps, with a declined card now and then.
    const plans = Array.from({ length: 32 }, (_, i) => ({
      donor: donors[i % donors.length]!,
      amountTk: 10 + ((i * 37) % 990),
      intentOn: i % 2 ? pa : pb,
      cardOn: (i >> 1) % 2 ? pa : pb,
      confirmOn: (i >> 2) % 2 ? pa : pb,
      card: i % 8 === 7 ? CARDS.declined : CARDS.ok,
    }));

    const outcomes: { amountTk: number; status: string }[] = [];
    const queue = [...plans];
    // The sessions are watched until the load ends, whether it succeeds or not.
    const peaks = watchConnections(database);
    let peak: Map<string, number>;
    try {
      await Promise.all(
        Array.from({ length: 6 }, async () => {
          for (let plan = queue.shift(); plan; plan = queue.shift()) {
            const intent = await createIntent(plan.intentOn, plan.donor, fundId, plan.amountTk);
            const card = await confirmWithProcessor(plan.cardOn, intent, plan.card);
            expect(card.status).toBe(plan.card === CARDS.ok ? 200 : 402);
            const confirmed = await confirmDonation(plan.confirmOn, plan.donor, intent.intentId);
            expect(confirmed.status).toBe(200);
            // A replay through the other process changes nothing.
            const replay = await confirmDonation(
              plan.confirmOn === pa ? pb : pa,
              plan.donor,
              intent.intentId,
            );
            expect(replay.body.status).toBe(confirmed.body.status);
            outcomes.push({ amountTk: plan.amountTk, status: confirmed.body.status });
          }
        }),
      );
    } finally {
      peak = await peaks.stop();
    }
    const succeeded = outcomes.filter((o) => o.status === 'succeeded');
    expect(succeeded).toHaveLength(28);
    expect(outcomes.filter((o) => o.status === 'failed')).toHaveLength(4);
    const expectedPoisha = succeeded.reduce((sum, o) => sum + o.amountTk * 100, 0);

    for (const p of [a, b]) {
      const fund = await http<{ raisedPoisha: number; donationCount: number }>(
        p.url,
        'GET',
        urlOf(api.funds.get, { params: { id: fundId } }),
      );
      expect(fund.body).toMatchObject({ raisedPoisha: expectedPoisha, donationCount: 28 });
    }
    const rows = await database.db.select().from(payments).where(eq(payments.fundId, fundId));
    expect(rows.filter((r) => r.status === 'succeeded')).toHaveLength(28);
    const [row] = await database.db.select().from(funds).where(eq(funds.id, fundId));
    expect(row?.raisedPoisha).toBe(expectedPoisha);
    const ledger = await checkLedger(database.db);
    expect(ledger.problems).toEqual([]);
    expect(a.exited() || b.exited()).toBe(false);
    // Six donations at once kept within each process's pool: at most its `POOL`, and the
    // one connection that listens for the other process's changes, at any moment.
    for (const name of ['scale-out-a', 'scale-out-b']) {
      expect(peak.get(name), name).toBeGreaterThanOrEqual(2);
      expect(peak.get(name), name).toBeLessThanOrEqual(POOL + 1);
    }
  });

  it('signs in on either process with the same account', async () => {
    const cookieA = await signInHttp(a.url, 'donor1@example.com', 'secret123', from(20));
    const cookieB = await signInHttp(b.url, 'donor1@example.com', 'secret123', from(21));
    for (const [p, cookie] of [
      [b, cookieA],
      [a, cookieB],
    ] as const) {
      const me = await http<{ email: string }>(p.url, 'GET', urlOf(api.session.me), { cookie });
      expect(me.body.email).toBe('donor1@example.com');
    }
  });
});

/** `url` with its connections named `name` (pg_stat_activity's `application_name`). */
function withApplicationName(url: string, name: string): string {
  const named = new URL(url);
  named.searchParams.set('application_name', name);
  return named.toString();
}

/**
 * The most connections each application name held at once, from now until `stop()`: the
 * database's sessions read every 20 ms.
 */
function watchConnections(database: Database) {
  const peak = new Map<string, number>();
  let watching = true;
  const done = (async () => {
    while (watching) {
      const { rows } = await database.executeSql(
        `select application_name as name, count(*)::int as n from pg_stat_activity
         where datname = current_database() and backend_type = 'client backend'
         group by application_name`,
      );
      for (const row of rows as { name: string; n: number }[])
        peak.set(row.name, Math.max(peak.get(row.name) ?? 0, Number(row.n)));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      watching = false;
      await done;
      return peak;
    },
  };
}
