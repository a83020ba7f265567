import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { funds, payments, user, withdrawals } from '../src/db/schema';
import { recordDonation } from '../src/modules/payments/service';
import { requestWithdrawal } from '../src/modules/withdrawals/service';
import { createDonation, createFund } from '../src/seed/factories';
import { createPostgresDatabase } from './helper';

/**
 * Races on real PostgreSQL, each side on a connection of its own. A third connection
 * holds a table lock until both sides are waiting, so they always overlap: removing
 * the exactly-once status guard or the withdrawal's FOR UPDATE turns these red.
 * PGlite has one connection and cannot show a race: these need TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;
const TRIALS = 5;

describe.skipIf(!url)('races on separate PostgreSQL connections (needs TEST_DATABASE_URL)', () => {
  let drop: () => Promise<void>;
  let main: Database;
  let a: Database;
  let b: Database;
  let gate: Database;

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    main = await openDatabase({ url: created.url, poolSize: 2 });
    a = await openDatabase({ url: created.url, poolSize: 1, migrate: false });
    b = await openDatabase({ url: created.url, poolSize: 1, migrate: false });
    gate = await openDatabase({ url: created.url, poolSize: 1, migrate: false });
    await main.db.insert(user).values({ id: 'raiser', name: 'Raiser', email: 'r@example.com' });
  });
  afterAll(async () => {
    for (const d of [a, b, gate, main]) await d?.close();
    await drop?.();
  });

  /** Runs both sides while `table` is locked, releasing it once both wait for a lock. */
  async function overlap<T>(table: string, sides: Array<() => Promise<T>>) {
    return gate.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(`lock table ${table} in share mode`));
        const running = sides.map((side) =>
          side().then(
            (value) => ({ ok: true as const, value }),
            (error: unknown) => ({ ok: false as const, error }),
          ),
        );
        const deadline = Date.now() + 10_000;
        for (;;) {
          const result = (await main.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )) as unknown as { rows: Array<{ n: number }> };
          const [row] = result.rows;
          if ((row?.n ?? 0) >= sides.length || Date.now() > deadline) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        return running;
      })
      .then((running) => Promise.all(running));
  }

  it('records one pending payment once when two recordings race', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const fund = await createFund(main.db, { raiserId: 'raiser', status: 'approved' });
      const [pending] = await main.db
        .insert(payments)
        .values({
          userId: 'raiser',
          fundId: fund.id,
          provider: 'test',
          providerPaymentId: `pi_race_${fund.id}`,
          amountPoisha: 50_000,
          status: 'pending',
        })
        .returning();
      const results = await overlap('funds', [
        () => recordDonation(a.db, pending!.id),
        () => recordDonation(b.db, pending!.id),
      ]);
      expect(results.map((r) => (r.ok ? r.value : r.error))).toEqual(
        expect.arrayContaining([true, false]),
      );
      const [totals] = await main.db
        .select({ raised: funds.raisedPoisha, count: funds.donationCount })
        .from(funds)
        .where(eq(funds.id, fund.id));
      expect(totals).toEqual({ raised: 50_000, count: 1 });
    }
  });

  it('lets only one of two withdrawal requests take the same balance', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const fund = await createFund(main.db, { raiserId: 'raiser', status: 'approved' });
      await createDonation(main.db, { userId: 'raiser', fundId: fund.id, amountTk: 1000 });
      const results = await overlap('withdrawals', [
        () => requestWithdrawal(a.db, { id: 'raiser' }, { fundId: fund.id, amountTk: 700 }),
        () => requestWithdrawal(b.db, { id: 'raiser' }, { fundId: fund.id, amountTk: 700 }),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      const rows = await main.db.select().from(withdrawals).where(eq(withdrawals.fundId, fund.id));
      expect(rows).toHaveLength(1);
    }
  });
});
