import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase } from '../src/db/client';
import { funds, payments, testProcessorIntents, user, withdrawals } from '../src/db/schema';
import { checkLedger } from '../src/modules/ledger/check';
import { TestPaymentProvider } from '../src/modules/payments/providers/test-provider';
import {
  recordDonation,
  recordRefund,
  refundPayment,
  WITHDRAWAL_HELD_FEEDBACK,
} from '../src/modules/payments/service';
import {
  aboveBalanceMessage,
  decideWithdrawal,
  requestWithdrawal,
} from '../src/modules/withdrawals/service';
import { createDonation, createFund, createPayoutAccount } from '../src/seed/factories';
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
  /** The raiser's approved payout account, out of its hold: where every request goes. */
  let payoutAccountId: string;

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    main = await openDatabase({ url: created.url, poolSize: 2 });
    a = await openDatabase({ url: created.url, poolSize: 1, migrate: false });
    b = await openDatabase({ url: created.url, poolSize: 1, migrate: false });
    gate = await openDatabase({ url: created.url, poolSize: 1, migrate: false });
    await main.db.insert(user).values([
      { id: 'raiser', name: 'Raiser', email: 'r@example.com' },
      { id: 'admin', name: 'Admin', email: 'a@example.com', role: 'admin' },
    ]);
    payoutAccountId = (await createPayoutAccount(main.db, { userId: 'raiser' })).id;
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

  /** Waits until `n` sessions of this database wait for a lock. */
  async function lockWaiters(n: number) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const result = (await main.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      )) as unknown as { rows: Array<{ n: number }> };
      if ((result.rows[0]?.n ?? 0) >= n) return;
      if (Date.now() > deadline) throw new Error(`fewer than ${n} sessions wait for a lock`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  const settled = <T>(p: Promise<T>) =>
    p.then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );

  /** Every fund's approved and pending withdrawals fit in what it raised. */
  async function withdrawalsFit() {
    const report = await checkLedger(main.db);
    expect(report.problems.filter((p) => p.kind === 'withdrawals_exceed_raised')).toEqual([]);
  }

  /** A 1,000 Tk card donation (the embedded processor) to a new fund of the raiser. */
  async function fundWithCardDonation() {
    const fund = await createFund(main.db, { raiserId: 'raiser', status: 'approved' });
    const provider = new TestPaymentProvider(a.db);
    const intent = await provider.createIntent({
      amountPoisha: 100_000,
      currency: 'bdt',
      metadata: {},
      idempotencyKey: `race-${fund.id}`,
    });
    await main.db
      .update(testProcessorIntents)
      .set({ status: 'succeeded' })
      .where(eq(testProcessorIntents.id, intent.id));
    const payment = await createDonation(main.db, {
      userId: 'raiser',
      fundId: fund.id,
      amountTk: 1000,
      providerPaymentId: intent.id,
    });
    return { fund, payment, provider };
  }

  it("holds an admin's refund back while the provider answers: a withdrawal requested meanwhile cannot take it", async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const { fund, payment, provider } = await fundWithCardDonation();
      const deps = { db: a.db, provider, log: { warn() {}, error() {} } };
      // The provider is slow: its refund waits on a lock the test holds.
      const { refunding, withdrawal } = await gate.db.transaction(async (tx) => {
        await tx.execute(sql`lock table test_processor_intents in exclusive mode`);
        const refunding = settled(
          refundPayment(deps, { id: 'admin' }, payment.id, {
            amountPoisha: 60_000,
            reason: 'Donated twice by mistake',
            requestKey: randomUUID(),
          }),
        );
        await lockWaiters(1);
        // The refund was checked and the provider asked; the raiser asks for everything.
        const withdrawal = await settled(
          requestWithdrawal(
            b.db,
            { id: 'raiser' },
            { fundId: fund.id, amountTk: 1000, payoutAccountId },
          ),
        );
        return { refunding, withdrawal };
      });
      expect(withdrawal.ok).toBe(false);
      expect(withdrawal.ok ? null : (withdrawal.error as Error).message).toBe(
        aboveBalanceMessage(40_000),
      );
      const refunded = await refunding;
      expect(refunded.ok ? refunded.value : refunded.error).toMatchObject({
        refundedPoisha: 60_000,
      });
      const [totals] = await main.db
        .select({ raised: funds.raisedPoisha })
        .from(funds)
        .where(eq(funds.id, fund.id));
      expect(totals).toEqual({ raised: 40_000 });
      // Once recorded, the rest is the raiser's to ask for.
      await requestWithdrawal(
        b.db,
        { id: 'raiser' },
        { fundId: fund.id, amountTk: 400, payoutAccountId },
      );
      await withdrawalsFit();
    }
  });

  it('re-checks the balance when a refund is recorded: the withdrawal request it no longer fits is denied', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const fund = await createFund(main.db, { raiserId: 'raiser', status: 'approved' });
      const payment = await createDonation(main.db, {
        userId: 'raiser',
        fundId: fund.id,
        amountTk: 1000,
      });
      const { asked, refunded } = await gate.db.transaction(async (tx) => {
        await tx.execute(sql`lock table withdrawals in share mode`);
        // The request holds the fund row and waits to write itself down…
        const asked = settled(
          requestWithdrawal(
            a.db,
            { id: 'raiser' },
            { fundId: fund.id, amountTk: 1000, payoutAccountId },
          ),
        );
        await lockWaiters(1);
        // …while a refund done at the provider (a webhook) is being recorded.
        const refunded = settled(
          recordRefund(
            { db: b.db },
            payment.id,
            { refundedPoisha: 60_000, disputedPoisha: 0 },
            `evt_${trial}`,
          ),
        );
        await lockWaiters(2);
        return { asked, refunded };
      });
      const request = await asked;
      expect(request.ok).toBe(true);
      expect((await refunded).ok).toBe(true);
      const [row] = await main.db.select().from(withdrawals).where(eq(withdrawals.fundId, fund.id));
      expect(row).toMatchObject({ status: 'denied', feedback: WITHDRAWAL_HELD_FEEDBACK });
      const [totals] = await main.db
        .select({ raised: funds.raisedPoisha })
        .from(funds)
        .where(eq(funds.id, fund.id));
      expect(totals).toEqual({ raised: 40_000 });
      await withdrawalsFit();
    }
  });

  it('denies only what it could: a request an admin approves while a refund is recorded is not counted as denied', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const fund = await createFund(main.db, { raiserId: 'raiser', status: 'approved' });
      const payment = await createDonation(main.db, {
        userId: 'raiser',
        fundId: fund.id,
        amountTk: 1000,
      });
      const older = await requestWithdrawal(
        main.db,
        { id: 'raiser' },
        { fundId: fund.id, amountTk: 500, payoutAccountId },
      );
      const newer = await requestWithdrawal(
        main.db,
        { id: 'raiser' },
        { fundId: fund.id, amountTk: 400, payoutAccountId },
      );
      // The admin approves the newer request; before the approval commits, a refund done at
      // the provider is recorded and reads both requests as pending.
      const { refunded } = await b.db.transaction(async (tx) => {
        await decideWithdrawal(tx as unknown as Db, { id: 'admin' }, newer.id, {
          status: 'approved',
          feedback: null,
          version: 1,
        });
        const refunded = settled(
          recordRefund(
            { db: a.db },
            payment.id,
            { refundedPoisha: 40_000, disputedPoisha: 0 },
            `evt_approved_${trial}`,
          ),
        );
        await lockWaiters(1);
        return { refunded };
      });
      const result = await refunded;
      expect(result.ok ? result.value : result.error).toBe(40_000);
      const rows = await main.db.select().from(withdrawals).where(eq(withdrawals.fundId, fund.id));
      expect(rows.find((w) => w.id === newer.id)).toMatchObject({
        status: 'approved',
        feedback: null,
      });
      // 600 Tk remain: the approved 400 Tk fit, the pending 500 Tk no longer do.
      expect(rows.find((w) => w.id === older.id)).toMatchObject({
        status: 'denied',
        feedback: WITHDRAWAL_HELD_FEEDBACK,
      });
      await withdrawalsFit();
    }
  });

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
        () =>
          requestWithdrawal(
            a.db,
            { id: 'raiser' },
            { fundId: fund.id, amountTk: 700, payoutAccountId },
          ),
        () =>
          requestWithdrawal(
            b.db,
            { id: 'raiser' },
            { fundId: fund.id, amountTk: 700, payoutAccountId },
          ),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      const rows = await main.db.select().from(withdrawals).where(eq(withdrawals.fundId, fund.id));
      expect(rows).toHaveLength(1);
    }
  });
});
