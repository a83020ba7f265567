import { describe, expect, it } from 'vitest';
import { as, useTestApp } from './helper';
import { createIntent, createRaisedFund, payByWallet } from './payments-helper';
import { resources as api } from '@easyfund/shared/api/resources';

const { ctx, donor, other } = useTestApp(
  { donor: {}, other: {} },
  { env: { PAYMENT_RECONCILE_INTERVAL_SECONDS: '0' } },
);

/** A wallet payment through the embedded test checkout, paid with `wallet`. */
async function walletPayment(fundId: string, wallet: string) {
  return (await payByWallet(ctx, donor, { fundId, amountTk: 500, method: 'bkash' }, wallet))
    .paymentId;
}

describe("payments still being checked, in the donor's history", () => {
  it('a held and a timed-out wallet payment show in Payment History; a card form never sent does not', async () => {
    const fund = await createRaisedFund(ctx);
    const held = await walletPayment(fund.id, '01700000001');
    const timedOut = await walletPayment(fund.id, '01700000004');
    const card = await createIntent(ctx, donor, { fundId: fund.id, amountTk: 100 });
    expect(card.statusCode).toBe(201);

    const history = await as(donor).call(api.payments.mine);
    const items = history.json().items as { id: string; status: string; method: string }[];
    expect(items.find((p) => p.id === held)).toMatchObject({
      status: 'needs_review',
      method: 'bkash',
    });
    expect(items.find((p) => p.id === timedOut)).toMatchObject({ status: 'pending' });
    expect(items.find((p) => p.id === card.json().paymentId)).toBeUndefined();
    // Not donations yet: My Donation History lists neither.
    const donations = await as(donor).call(api.donations.mine);
    expect(donations.json().items).toEqual([]);

    // The pay step asks before a second payment to the same fund.
    const unsettledOf = (who: typeof donor, fundId: string) =>
      as(who).call(api.payments.unsettled, { query: { fundId } });
    const unsettled = (await unsettledOf(donor, fund.id)).json().items;
    expect(unsettled.map((p) => p.id).sort()).toEqual([held, timedOut].sort());
    // Another fund, or another person: nothing.
    const otherFund = await createRaisedFund(ctx);
    expect((await unsettledOf(donor, otherFund.id)).json().items).toEqual([]);
    expect((await unsettledOf(other, fund.id)).json().items).toEqual([]);
    expect((await as(other).call(api.payments.mine)).json().items).toEqual([]);
    expect(
      (await as(donor).call(api.payments.unsettled, { query: { fundId: 'nope' } })).statusCode,
    ).toBe(400);
  });
});
