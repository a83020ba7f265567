import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/client';
import { funds, payments, refunds, user, withdrawals } from '../src/db/schema';
import {
  checkLedger,
  DONATION_DAYS_FROM_PAYMENTS,
  FUND_PAYMENT_SUMS_FROM_PAYMENTS,
} from '../src/modules/ledger/check';
import { formatLedgerReport } from '../src/modules/ledger/report';
import { createDonation, createFund, createUser } from '../src/seed/factories';
import { createPostgresDatabase, TEST_DB_KIND, useTestApp } from './helper';
import { pastTheGuards } from './payments-helper';

let raiserId: string;
let donorId: string;
const { ctx } = useTestApp();
beforeAll(async () => {
  raiserId = (await createUser(ctx.app.auth, ctx.db, { role: 'verified' })).id;
  donorId = (await createUser(ctx.app.auth, ctx.db)).id;
});

/** Each test looks only at its own funds: the report lists every fund of the database. */
const problemsOf = async (fundIds: string[]) => {
  const report = await checkLedger(ctx.db);
  return report.problems.filter((p) => fundIds.includes(p.fundId));
};

/**
 * A payment of the donor's to `fundId` as a row written straight in: `reference` is its id
 * at the provider, `row` its status and what goes with it.
 */
const paymentRow = (
  fundId: string,
  reference: string,
  amountPoisha: number,
  row: Pick<typeof payments.$inferInsert, 'status'> & Partial<typeof payments.$inferInsert>,
) => ({
  userId: donorId,
  fundId,
  provider: 'test',
  providerPaymentId: reference,
  amountPoisha,
  ...row,
});

/** A payment's status once the provider said just now that it succeeded. */
const succeededNow = () => ({ status: 'succeeded' as const, succeededAt: new Date() });

describe('ledger check', () => {
  it('finds a fund whose totals equal its succeeded payments consistent', async () => {
    const fund = await createFund(ctx.db, { raiserId });
    await createDonation(ctx.db, { userId: donorId, fundId: fund.id, amountTk: 500 });
    await createDonation(ctx.db, { userId: donorId, fundId: fund.id, amountTk: 1234 });
    await ctx.db.insert(withdrawals).values([
      { fundId: fund.id, raiserId, amountPoisha: 1000_00, status: 'approved' },
      { fundId: fund.id, raiserId, amountPoisha: 734_00, status: 'pending' },
      // A denied request takes nothing.
      { fundId: fund.id, raiserId, amountPoisha: 99_999_00, status: 'denied' },
    ]);
    expect(await problemsOf([fund.id])).toEqual([]);
  });

  it('counts only succeeded payments: pending, failed and refunded ones change no total', async () => {
    const fund = await createFund(ctx.db, { raiserId });
    await createDonation(ctx.db, { userId: donorId, fundId: fund.id, amountTk: 100 });
    for (const status of ['pending', 'failed', 'refunded'] as const) {
      // A refunded payment comes with its refund rows, in one transaction.
      await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(payments)
          .values(
            paymentRow(fund.id, `pi_${status}_${fund.id}`, 700_00, {
              status,
              ...(status === 'refunded' ? { succeededAt: new Date(), refundedPoisha: 700_00 } : {}),
            }),
          )
          .returning();
        if (status === 'refunded') {
          await tx
            .insert(refunds)
            .values({ paymentId: row!.id, kind: 'refund', amountPoisha: 700_00, source: 'test' });
        }
      });
    }
    expect(await problemsOf([fund.id])).toEqual([]);
  });

  it('reports a payment whose refunded amount has no recorded refund', async () => {
    const fund = await createFund(ctx.db, { raiserId });
    await pastTheGuards(ctx.db, async (tx) => {
      await tx.insert(payments).values(
        paymentRow(fund.id, `pi_unrecorded_${fund.id}`, 300_00, {
          status: 'refunded',
          succeededAt: new Date(),
          refundedPoisha: 300_00,
        }),
      );
    });
    expect((await problemsOf([fund.id])).map((p) => p.kind)).toEqual(['refunds_mismatch']);
    // Recorded as it should be, the ledger holds again (the next test expects it whole).
    const [row] = await ctx.db.select().from(payments).where(eq(payments.fundId, fund.id));
    await ctx.db
      .insert(refunds)
      .values({ paymentId: row!.id, kind: 'refund', amountPoisha: 300_00, source: 'test' });
    expect(await problemsOf([fund.id])).toEqual([]);
  });

  it('reports a raised total that differs from the sum of the succeeded payments', async () => {
    const fund = await createFund(ctx.db, { raiserId, name: 'Flood relief' });
    await createDonation(ctx.db, { userId: donorId, fundId: fund.id, amountTk: 500 });
    await pastTheGuards(ctx.db, async (tx) => {
      await tx
        .update(funds)
        .set({ raisedPoisha: sql`${funds.raisedPoisha} + 100` })
        .where(eq(funds.id, fund.id));
    });

    const report = await checkLedger(ctx.db);
    expect(report.ok).toBe(false);
    expect(report.problems.filter((p) => p.fundId === fund.id)).toEqual([
      {
        fundId: fund.id,
        fundName: 'Flood relief',
        kind: 'raised_total',
        recorded: 501_00,
        expected: 500_00,
        message: 'raised total is 501 Tk but its succeeded payments sum to 500 Tk',
      },
    ]);
    expect(formatLedgerReport(report, 'test')).toContain(
      `fund ${fund.id} "Flood relief": raised total is 501 Tk but its succeeded payments sum to 500 Tk`,
    );
    // Put it right so later tests see a clean database apart from their own funds.
    await ctx.db.update(funds).set({ raisedPoisha: 500_00 }).where(eq(funds.id, fund.id));
  });

  it('reports a donation count that differs from the number of succeeded payments', async () => {
    const fund = await createFund(ctx.db, { raiserId });
    await createDonation(ctx.db, { userId: donorId, fundId: fund.id, amountTk: 50 });
    // A payment recorded as succeeded without its fund being updated (a half-written
    // donation; the database refuses one, so past its guards).
    await pastTheGuards(ctx.db, async (tx) => {
      await tx
        .insert(payments)
        .values(paymentRow(fund.id, `pi_orphan_${fund.id}`, 50_00, succeededNow()));
    });
    const problems = await problemsOf([fund.id]);
    expect(problems.map((p) => [p.kind, p.recorded, p.expected])).toEqual([
      ['raised_total', 50_00, 100_00],
      ['donation_count', 1, 2],
    ]);
    // Taken away the way it came (the overview's day totals never counted it either).
    await pastTheGuards(ctx.db, async (tx) => {
      await tx.delete(payments).where(eq(payments.providerPaymentId, `pi_orphan_${fund.id}`));
    });
    expect(await problemsOf([fund.id])).toEqual([]);
  });

  it("reports a fund's kept sums behind its payments, and takes them rebuilt", async () => {
    const fund = await createFund(ctx.db, { raiserId });
    await createDonation(ctx.db, { userId: donorId, fundId: fund.id, amountTk: 80 });
    // A payment and its fund's totals written together with the triggers off (a hand edit, a
    // partial restore): the fund agrees with its payments, the sums the database keeps do not.
    await pastTheGuards(ctx.db, async (tx) => {
      await tx
        .insert(payments)
        .values(paymentRow(fund.id, `pi_quiet_${fund.id}`, 20_00, succeededNow()));
      await tx
        .update(funds)
        .set({ raisedPoisha: 100_00, donationCount: 2 })
        .where(eq(funds.id, fund.id));
    });
    expect(await problemsOf([fund.id])).toEqual([]);
    const report = await checkLedger(ctx.db);
    expect(report.ok).toBe(false);
    expect(report.paymentSums).toHaveLength(1);
    expect(report.paymentSums[0]).toMatch(
      new RegExp(`^fund ${fund.id} test: kept 80 Tk in 1 donations; the payments say 100 Tk in 2$`),
    );
    expect(formatLedgerReport(report, 'test')).toContain(
      'FAILED: the sums the database checks fund totals against (fund_payment_sums) differ from the payments for 1 fund(s)',
    );
    // Until they are rebuilt the fund takes no donation: its totals no longer match them.
    await expect(
      createDonation(ctx.db, { userId: donorId, fundId: fund.id, amountTk: 50 }),
    ).rejects.toThrow();
    // Rebuilt with the triggers off, with the day totals the payment left behind too, as
    // docs/deploying.md shows.
    await pastTheGuards(ctx.db, async (tx) => {
      await tx.execute(sql`delete from fund_payment_sums`);
      await tx.execute(
        sql`insert into fund_payment_sums (fund_id, mode, raised_poisha, donation_count) ${FUND_PAYMENT_SUMS_FROM_PAYMENTS}`,
      );
      await tx.execute(sql`delete from donation_days`);
      await tx.execute(
        sql`insert into donation_days (day, mode, cause, donations, amount_poisha) ${DONATION_DAYS_FROM_PAYMENTS}`,
      );
    });
    expect(await checkLedger(ctx.db)).toMatchObject({ ok: true, paymentSums: [], dayTotals: [] });
    await createDonation(ctx.db, { userId: donorId, fundId: fund.id, amountTk: 50 });
    const [after] = await ctx.db.select().from(funds).where(eq(funds.id, fund.id));
    expect(after).toMatchObject({ raisedPoisha: 150_00, donationCount: 3 });
    expect(await problemsOf([fund.id])).toEqual([]);
  });

  it('reports pending, approved and paid withdrawals above what the payments raised', async () => {
    const fund = await createFund(ctx.db, { raiserId });
    await createDonation(ctx.db, { userId: donorId, fundId: fund.id, amountTk: 1000 });
    // The database refuses withdrawals above the raised total from any code path.
    await expect(
      ctx.db
        .insert(withdrawals)
        .values({ fundId: fund.id, raiserId, amountPoisha: 1000_01, status: 'pending' }),
    ).rejects.toThrow();
    await ctx.db.insert(withdrawals).values([
      { fundId: fund.id, raiserId, amountPoisha: 600_00, status: 'approved' },
      { fundId: fund.id, raiserId, amountPoisha: 400_00, status: 'pending' },
    ]);
    // Money taken back from the fund afterwards (a chargeback written straight into the
    // database, past the app's balance re-check; the payment, its refund and its fund's
    // total agree): the payments no longer cover the withdrawals.
    const fundTotal = (poisha: number) => sql`${funds.raisedPoisha} + ${poisha}`;
    await ctx.db.transaction(async (tx) => {
      const [paid] = await tx.select().from(payments).where(eq(payments.fundId, fund.id));
      await tx
        .insert(refunds)
        .values({ paymentId: paid!.id, kind: 'dispute', amountPoisha: 1, source: 'test' });
      await tx.update(payments).set({ refundedPoisha: 1 }).where(eq(payments.id, paid!.id));
      await tx
        .update(funds)
        .set({ raisedPoisha: fundTotal(-1) })
        .where(eq(funds.id, fund.id));
    });
    const problems = await problemsOf([fund.id]);
    expect(problems).toContainEqual(
      expect.objectContaining({
        kind: 'withdrawals_exceed_raised',
        recorded: 1000_00,
        expected: 999_99,
        message:
          'pending, approved and paid withdrawals total 1,000 Tk, more than the 999.99 Tk raised',
      }),
    );
    await ctx.db.transaction(async (tx) => {
      const [paid] = await tx.select().from(payments).where(eq(payments.fundId, fund.id));
      await tx.delete(refunds).where(eq(refunds.paymentId, paid!.id));
      await tx.update(payments).set({ refundedPoisha: 0 }).where(eq(payments.id, paid!.id));
      await tx
        .update(funds)
        .set({ raisedPoisha: fundTotal(1) })
        .where(eq(funds.id, fund.id));
    });
    await ctx.db.delete(withdrawals).where(eq(withdrawals.fundId, fund.id));
  });

  it('notes payments left pending longer than the reconciliation window without failing', async () => {
    const fund = await createFund(ctx.db, { raiserId });
    await ctx.db.insert(payments).values(
      paymentRow(fund.id, `pi_stale_${fund.id}`, 100_00, {
        status: 'pending',
        createdAt: new Date(Date.now() - 60 * 60_000),
      }),
    );
    const report = await checkLedger(ctx.db);
    expect(report.ok).toBe(true);
    expect(report.stalePendingPayments).toBe(1);
    expect(formatLedgerReport(report, 'test')).toContain('1 payment(s) pending for more than 15');
  });
});

describe('npm run check:ledger', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'easyfund-ledger-'));
  let url: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const run = () =>
    spawnSync(
      process.execPath,
      ['node_modules/tsx/dist/cli.mjs', 'apps/server/src/cli/check-ledger.ts'],
      {
        cwd: root,
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          DATA_DIR: dataDir,
          AUTH_SECRET: 'ledger-test-secret-ledger-test-secret-0123',
          ...(url ? { DATABASE_URL: url } : {}),
        },
      },
    );

  /** Opens the database the command will read, runs `fn`, closes it (one process at a time). */
  const withDb = async (fn: (db: Db) => Promise<void>) => {
    const database = await openDatabase(url ? { url } : { dataDir: path.join(dataDir, 'pglite') });
    try {
      await fn(database.db);
    } finally {
      await database.close();
    }
  };

  it('exits 0 with a report on a consistent database, and 1 naming the fund or the payment held for review when not', async () => {
    if (TEST_DB_KIND === 'postgres') ({ url, drop } = await createPostgresDatabase());
    let fundId = '';
    await withDb(async (db) => {
      await db.insert(user).values({ id: 'u1', name: 'Raiser', email: 'r@example.com' });
      const fund = await createFund(db, { raiserId: 'u1', name: 'School books' });
      fundId = fund.id;
      await createDonation(db, { userId: 'u1', fundId, amountTk: 250 });
    });

    const ok = run();
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('(test mode): 1 funds, 1 succeeded payments (250 Tk)');
    expect(ok.stdout).toContain('OK: ');

    await withDb(async (db) => {
      await pastTheGuards(db, async (tx) => {
        await tx.update(funds).set({ donationCount: 3 }).where(eq(funds.id, fundId));
      });
    });
    const bad = run();
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain(
      `fund ${fundId} "School books": donation count is 3 but it has 1 succeeded payments`,
    );

    // Money the provider took that we did not record: the totals agree, yet it is not OK.
    let heldId = '';
    await withDb(async (db) => {
      await db.update(funds).set({ donationCount: 1 }).where(eq(funds.id, fundId));
      const [held] = await db
        .insert(payments)
        .values({
          userId: 'u1',
          fundId,
          provider: 'test',
          providerPaymentId: 'pi_held_cli',
          amountPoisha: 300_00,
          status: 'needs_review',
          failureMessage: 'The payment provider reported a different amount or currency',
        })
        .returning({ id: payments.id });
      heldId = held!.id;
    });
    const review = run();
    expect(review.stderr).toBe('');
    expect(review.status).toBe(1);
    expect(review.stdout).toContain(
      'NEEDS REVIEW: 1 payment(s) the provider took but we did not record:',
    );
    expect(review.stdout).toContain(`payment ${heldId} (pi_held_cli, 300 Tk, fund ${fundId})`);
    expect(review.stdout).not.toContain('OK: ');
    expect(review.stdout).not.toContain('FAILED');
    // Three runs of the command, each a process of its own, and the embedded database opened
    // three times around them: two minutes were seen to pass on a loaded 2-core machine.
  }, 300_000);

  // Without DATABASE_URL the command looks for the embedded database: nothing to test on PostgreSQL.
  it.skipIf(TEST_DB_KIND === 'postgres')('exits 2 when there is no database to check', () => {
    const res = spawnSync(
      process.execPath,
      ['node_modules/tsx/dist/cli.mjs', 'apps/server/src/cli/check-ledger.ts'],
      {
        cwd: root,
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          DATA_DIR: path.join(dataDir, 'nothing-here'),
          AUTH_SECRET: 'ledger-test-secret-ledger-test-secret-0123',
        },
      },
    );
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('No database');
  });
});
