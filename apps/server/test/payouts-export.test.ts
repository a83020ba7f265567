import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDonation, createFund, createPayoutAccount } from '../src/seed/factories';
import { as, shownVersion, useTestApp, approveAndPay } from './helper';
import { resources as api } from '@easyfund/shared/api/resources';

/** The accountant's payouts CSV: one line per payout sent in a range of days. */
const { ctx, admin, raiser } = useTestApp({
  admin: { role: 'admin' },
  raiser: { role: 'verified', name: '=HYPERLINK("http://x")' },
});

let payoutAccountId: string;
beforeAll(async () => {
  payoutAccountId = (
    await createPayoutAccount(ctx.db, {
      userId: raiser.id,
      kind: 'nagad',
      number: '+8801812345678',
      accountName: 'Raiser Trust',
    })
  ).id;
});

const records = (body: string) => {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return parse(body.slice(1), { record_delimiter: '\r\n' }) as [string[], ...string[][]];
};

async function payOut(fundId: string, amountTk: number, paidOn: string, reference: string) {
  const w = await as(raiser).call(api.withdrawals.request, {
    body: { fundId, amountTk, payoutAccountId },
  });
  await approveAndPay(admin, w.json().id, { method: 'nagad', amountTk, reference, paidOn });
  return w.json().id;
}

describe('payouts CSV', () => {
  it('lists each payout sent in the range with fund, raiser, method, reference, days and amount', async () => {
    const fund = await createFund(ctx.db, { raiserId: raiser.id, status: 'approved' });
    await createDonation(ctx.db, { userId: admin.id, fundId: fund.id, amountTk: 5000 });
    const early = await payOut(fund.id, 1000, '2026-10-05', 'NG-100');
    const inRange = await payOut(fund.id, 1500, '2026-11-02', 'NG-200');
    const reversed = await payOut(fund.id, 700, '2026-11-03', 'NG-300');
    expect(
      (
        await as(admin).call(api.withdrawals.payout, {
          params: { id: reversed },
          body: {
            status: 'reversed',
            reason: 'Returned by Nagad',
            version: await shownVersion(admin, api.withdrawals.list.path, reversed),
          },
        })
      ).statusCode,
    ).toBe(200);
    // An approved, unpaid withdrawal is no payout.
    await as(raiser).call(api.withdrawals.request, {
      body: {
        fundId: fund.id,
        amountTk: 10,
        payoutAccountId,
      },
    });

    const res = await as(admin).call(api.payouts.exportCsv, {
      query: { from: '2026-11-01', to: '2026-11-30' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(
      'easyfund-payouts-2026-11-01-to-2026-11-30',
    );
    const [header, ...rows] = records(res.body);
    expect(rows.map((r) => r[0])).toEqual([inRange, reversed]);
    const col = (row: string[], name: string) => row[header.indexOf(name)];
    const [first, second] = rows as [string[], string[]];
    expect(col(first, 'Sent on')).toBe('2026-11-02');
    expect(col(first, 'Status')).toBe('paid');
    expect(col(first, 'Fund')).toBe(fund.name);
    expect(col(first, 'Raiser')).toBe(`'=HYPERLINK("http://x")`);
    expect(col(first, 'Method')).toBe('nagad');
    expect(col(first, 'Account')).toBe('••••••••678');
    expect(col(first, 'Account name')).toBe('Raiser Trust');
    expect(col(first, 'Reference')).toBe('NG-200');
    expect(col(first, 'Amount (Tk)')).toBe('1500.00');
    expect(col(first, 'Recorded by')).toBe(admin.name);
    expect(col(second, 'Status')).toBe('reversed');
    expect(col(second, 'Reversal reason')).toBe('Returned by Nagad');
    expect(rows.some((r) => r[0] === early)).toBe(false);
  });

  it('is for admins only and validates the range', async () => {
    const range = { query: { from: '2026-11-01', to: '2026-11-30' } };
    expect((await as(raiser).call(api.payouts.exportCsv, range)).statusCode).toBe(403);
    expect((await as(ctx).call(api.payouts.exportCsv, range)).statusCode).toBe(401);

    const bad = await as(admin).call(api.payouts.exportCsv, {
      query: { from: '2026-11-30', to: '2026-11-01' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields?.to).toBe('The end date must not be before the start date');
  });
});
