import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { funds, payments, testProcessorIntents, user } from '../src/db/schema';
import { checkLedger } from '../src/modules/ledger/check';
import { TestPaymentProvider } from '../src/modules/payments/providers/test-provider';
import {
  recordDonation,
  recordRefund,
  WITHDRAWAL_HELD_FEEDBACK,
} from '../src/modules/payments/service';
import { refundDonation } from '../src/modules/payments/gateway-refunds';
import {
  aboveBalanceMessage,
  decideWithdrawal,
  requestWithdrawal,
} from '../src/modules/withdrawals/service';
import { createDonation, createFund, createPayoutAccount } from '../src/seed/factories';
import {
  lockWaiters,
  openRaceDatabases,
  overlap,
  type RaceDatabases,
  settled,
  withdrawalsOf,
} from './support/races';

/**
 * Races on real PostgreSQL, each side on a connection of its own. A third connection
 * holds a table lock until both sides are waiting, so they always overlap: removing
 * the exactly-once status guard or the withdrawal's FOR UPDATE turns these red.
 * PGlite has one connection and cannot show a race: these need TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;
const TRIALS = 5;

describe.skipIf(!url)('races on separate PostgreSQL connections (needs TEST_DATABASE_URL)', () => {
  let race: RaceDatabases;
  /** The raiser's approved payout account, out of its hold: where every request goes. */
  let payoutAccountId: string;

  beforeAll(async () => {
    race = await openRaceDatabases();
    await race.main.db.insert(user).values([
      { id: 'raiser', name: 'Raiser', email: 'r@example.com' },
      { id: 'admin', name: 'Admin', email: 'a@example.com', role: 'admin' },
    ]);
    payoutAccountId = (await createPayoutAccount(race.main.db, { userId: 'raiser' })).id;
  });
  afterAll(() => race?.close());

  /** Every fund's approved and pending withdrawals fit in what it raised. */
  async function withdrawalsFit() {
    const report = await checkLedger(race.main.db);
    expect(report.problems.filter((p) => p.kind === 'withdrawals_exceed_raised')).toEqual([]);
  }

  /** A 1,000 Tk donation to a new fund of the raiser. */
  async function fundWithDonation() {
    const fund = await createFund(race.main.db, { raiserId: 'raiser', status: 'approved' });
    const payment = await createDonation(race.main.db, {
      userId: 'raiser',
      fundId: fund.id,
      amountTk: 1000,
    });
    return { fund, payment };
  }

  /** What a fund has raised now, in poisha. */
  async function raisedOf(fundId: string) {
    const [row] = await race.main.db
      .select({ raised: funds.raisedPoisha })
      .from(funds)
      .where(eq(funds.id, fundId));
    return row?.raised;
  }

  /** A 1,000 Tk card donation (the embedded processor) to a new fund of the raiser. */
  async function fundWithCardDonation() {
    const fund = await createFund(race.main.db, { raiserId: 'raiser', status: 'approved' });
    const provider = new TestPaymentProvider(race.a.db);
    const intent = await provider.createIntent({
      amountPoisha: 100_000,
      currency: 'bdt',
      metadata: {},
      idempotencyKey: `race-${fund.id}`,
    });
    await race.main.db
      .update(testProcessorIntents)
      .set({ status: 'succeeded' })
      .where(eq(testProcessorIntents.id, intent.id));
    const payment = await createDonation(race.main.db, {
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
      const deps = { db: race.a.db, provider, log: { warn() {}, error() {} } };
      // The provider is slow: its refund waits on a lock the test holds.
      const { refunding, withdrawal } = await race.gate.db.transaction(async (tx) => {
        await tx.execute(sql`lock table test_processor_intents in exclusive mode`);
        const refunding = settled(
          refundDonation(deps, { id: 'admin', lang: 'en' }, payment.id, {
            amountPoisha: 60_000,
            reason: 'Donated twice by mistake',
            requestKey: randomUUID(),
          }),
        );
        await lockWaiters(race, 1);
        // The refund was checked and the provider asked; the raiser asks for everything.
        const withdrawal = await settled(
          requestWithdrawal(
            race.b.db,
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
      expect(await raisedOf(fund.id)).toBe(40_000);
      // Once recorded, the rest is the raiser's to ask for.
      await requestWithdrawal(
        race.b.db,
        { id: 'raiser' },
        { fundId: fund.id, amountTk: 400, payoutAccountId },
      );
      await withdrawalsFit();
    }
  });

  it('re-checks the balance when a refund is recorded: the withdrawal request it no longer fits is denied', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const { fund, payment } = await fundWithDonation();
      const { asked, refunded } = await race.gate.db.transaction(async (tx) => {
        await tx.execute(sql`lock table withdrawals in share mode`);
        // The request holds the fund row and waits to write itself down…
        const asked = settled(
          requestWithdrawal(
            race.a.db,
            { id: 'raiser' },
            { fundId: fund.id, amountTk: 1000, payoutAccountId },
          ),
        );
        await lockWaiters(race, 1);
        // …while a refund done at the provider (a webhook) is being recorded.
        const refunded = settled(
          recordRefund(
            { db: race.b.db },
            payment.id,
            { refundedPoisha: 60_000, disputedPoisha: 0 },
            `evt_${trial}`,
          ),
        );
        await lockWaiters(race, 2);
        return { asked, refunded };
      });
      const request = await asked;
      expect(request.ok).toBe(true);
      expect((await refunded).ok).toBe(true);
      const [row] = await withdrawalsOf(race, fund.id);
      expect(row).toMatchObject({ status: 'denied', feedback: WITHDRAWAL_HELD_FEEDBACK });
      expect(await raisedOf(fund.id)).toBe(40_000);
      await withdrawalsFit();
    }
  });

  it('denies only what it could: a request an admin approves while a refund is recorded is not counted as denied', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const { fund, payment } = await fundWithDonation();
      const older = await requestWithdrawal(
        race.main.db,
        { id: 'raiser' },
        { fundId: fund.id, amountTk: 500, payoutAccountId },
      );
      const newer = await requestWithdrawal(
        race.main.db,
        { id: 'raiser' },
        { fundId: fund.id, amountTk: 400, payoutAccountId },
      );
      // The admin approves the newer request; before the approval commits, a refund done at
      // the provider is recorded and reads both requests as pending.
      const { refunded } = await race.b.db.transaction(async (tx) => {
        await decideWithdrawal(tx as unknown as Db, { id: 'admin', lang: 'en' }, newer.id, {
          status: 'approved',
          feedback: null,
          version: 1,
        });
        const refunded = settled(
          recordRefund(
            { db: race.a.db },
            payment.id,
            { refundedPoisha: 40_000, disputedPoisha: 0 },
            `evt_approved_${trial}`,
          ),
        );
        await lockWaiters(race, 1);
        return { refunded };
      });
      const result = await refunded;
      expect(result.ok ? result.value : result.error).toBe(40_000);
      const rows = await withdrawalsOf(race, fund.id);
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
      const fund = await createFund(race.main.db, { raiserId: 'raiser', status: 'approved' });
      const [pending] = await race.main.db
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
      const results = await overlap(race, 'funds', [
        () => recordDonation(race.a.db, pending!.id),
        () => recordDonation(race.b.db, pending!.id),
      ]);
      expect(results.map((r) => (r.ok ? r.value !== null : r.error))).toEqual(
        expect.arrayContaining([true, false]),
      );
      const [totals] = await race.main.db
        .select({ raised: funds.raisedPoisha, count: funds.donationCount })
        .from(funds)
        .where(eq(funds.id, fund.id));
      expect(totals).toEqual({ raised: 50_000, count: 1 });
    }
  });

  it('counts a person once when their two first donations to a fund are recorded at once', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const fund = await createFund(race.main.db, { raiserId: 'raiser', status: 'approved' });
      const pending = await race.main.db
        .insert(payments)
        .values(
          [1, 2].map((n) => ({
            userId: 'admin',
            fundId: fund.id,
            provider: 'test',
            providerPaymentId: `pi_first_${n}_${fund.id}`,
            amountPoisha: 50_000,
            status: 'pending',
          })),
        )
        .returning();
      const results = await overlap(race, 'funds', [
        () => recordDonation(race.a.db, pending[0]!.id),
        () => recordDonation(race.b.db, pending[1]!.id),
      ]);
      expect(results.map((r) => (r.ok ? r.value !== null : r.error))).toEqual([true, true]);
      const [totals] = await race.main.db
        .select({
          raised: funds.raisedPoisha,
          count: funds.donationCount,
          donors: funds.donorCount,
        })
        .from(funds)
        .where(eq(funds.id, fund.id));
      expect(totals).toEqual({ raised: 100_000, count: 2, donors: 1 });
    }
  });

  it('lets only one of two withdrawal requests take the same balance', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const fund = await createFund(race.main.db, { raiserId: 'raiser', status: 'approved' });
      await createDonation(race.main.db, { userId: 'raiser', fundId: fund.id, amountTk: 1000 });
      const results = await overlap(race, 'withdrawals', [
        () =>
          requestWithdrawal(
            race.a.db,
            { id: 'raiser' },
            { fundId: fund.id, amountTk: 700, payoutAccountId },
          ),
        () =>
          requestWithdrawal(
            race.b.db,
            { id: 'raiser' },
            { fundId: fund.id, amountTk: 700, payoutAccountId },
          ),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      const rows = await withdrawalsOf(race, fund.id);
      expect(rows).toHaveLength(1);
    }
  });
});
