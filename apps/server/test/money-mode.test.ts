import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig, PRODUCTION_NEEDS_PROVIDER } from '../src/config';
import { payments } from '../src/db/schema';
import { checkLedger } from '../src/modules/ledger/check';
import { syncLedgerMode } from '../src/modules/ledger/mode';
import { createDonation, createFund } from '../src/seed/factories';
import { as, createSignedInUser, payoutAccountOf, useTestApp } from './helper';
import { createRaisedFund, donate, fundTotals } from './payments-helper';
import { resources as api } from '@easyfund/shared/api/resources';

const { ctx, donor } = useTestApp({ donor: {} });

describe('test money never mixes with real money', () => {
  it('records the mode on every payment', async () => {
    const fund = await createRaisedFund(ctx);
    const { intent } = await donate(ctx, donor, fund.id, 300);
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, intent.paymentId));
    expect(row?.mode).toBe('test');
  });

  it('a test payment does not move a live total, a live balance or a live donor count', async () => {
    const fund = await createRaisedFund(ctx);
    await donate(ctx, donor, fund.id, 400); // test money, counted while the site is in test mode
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 40_000, donationCount: 1 });
    try {
      // Live keys arrive: totals are recomputed from live payments only.
      expect(await syncLedgerMode(ctx.db, 'live')).toBe(true);
      expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
      await donate(ctx, donor, fund.id, 500); // the test processor still answers: test money
      expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 0, donationCount: 0 });
      await createDonation(ctx.db, {
        userId: donor.id,
        fundId: fund.id,
        amountTk: 700,
        mode: 'live',
      });
      expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 70_000, donationCount: 1 });
      expect((await checkLedger(ctx.db)).problems).toEqual([]);
    } finally {
      await syncLedgerMode(ctx.db, 'test');
    }
    expect(await fundTotals(ctx, fund.id)).toEqual({ raisedPoisha: 90_000, donationCount: 2 });
  });

  it('test withdrawals do not reduce a live balance', async () => {
    const raiser = await createSignedInUser(ctx, { role: 'verified' });
    const own = await createFund(ctx.db, { raiserId: raiser.id, status: 'approved' });
    await createDonation(ctx.db, { userId: donor.id, fundId: own.id, amountTk: 1000 });
    const payoutAccountId = await payoutAccountOf(raiser);
    const ask = (amountTk: number) =>
      as(raiser).call(api.withdrawals.request, {
        body: { fundId: own.id, amountTk, payoutAccountId },
      });
    expect((await ask(1000)).statusCode).toBe(201);
    try {
      await syncLedgerMode(ctx.db, 'live');
      await createDonation(ctx.db, {
        userId: donor.id,
        fundId: own.id,
        amountTk: 600,
        mode: 'live',
      });
      expect((await ask(700)).statusCode).toBe(400);
      expect((await ask(600)).statusCode).toBe(201);
    } finally {
      await syncLedgerMode(ctx.db, 'test');
    }
  });

  it('a production start with no provider configured refuses with one line unless PAYMENT_PROVIDER=test', () => {
    const base = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      DATA_DIR: ctx.config.dataDir,
    };
    expect(() => loadConfig(base)).toThrow(PRODUCTION_NEEDS_PROVIDER);
    expect(PRODUCTION_NEEDS_PROVIDER).not.toContain('\n');
    expect(loadConfig({ ...base, PAYMENT_PROVIDER: 'test' }).paymentProvider).toBe('test');
    expect(
      loadConfig({
        ...base,
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }).paymentProvider,
    ).toBe('stripe');
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).paymentProvider).toBe('test');
  });
});
