import { beforeAll, describe, expect, it } from 'vitest';
import { formatTk } from '@easyfund/shared/format';
import { createFund, createUser } from '../src/seed/factories';
import { STATEMENT_MAX_GIFTS } from '../src/modules/receipts/statements';
import { as, createSignedInUser, useTestApp } from './helper';
import { donate } from './payments-helper';
import { resources as api } from '@easyfund/shared/api/resources';
import { pdfText } from './support/pdf-text';

let fundId: string;
/** A year of the big donor's alone (receipt numbers carry their year). */
const YEAR = 2040;

/**
 * `n` recorded gifts of `userId` in YEAR, written by SQL at once; their receipt numbers
 * after `series` (one per donor).
 */
async function giftsInYear(userId: string, series: string, n: number) {
  // The fund's totals move in the same statement: the database refuses totals its payments
  // do not show.
  await ctx.database.executeSql(`
    with added as (
    insert into payments (user_id, fund_id, provider, provider_payment_id, amount_poisha, status,
                          method, mode, created_at, updated_at, succeeded_at, receipt_number, zakat)
      select '${userId}', '${fundId}', 'test', 'statement_${userId}_' || i, (100 + i % 20) * 100, 'succeeded',
             'card', (select mode from ledger_settings),
             make_timestamptz(${YEAR}, 1, 1, 6, 0, 0, 'UTC') + (i % 360) * interval '1 day',
             now(), make_timestamptz(${YEAR}, 1, 1, 6, 0, 0, 'UTC') + (i % 360) * interval '1 day',
             'EF-T-${YEAR}-${series}' || lpad(i::text, 6, '0'), i % 10 = 0
      from generate_series(1, ${n}) i
      returning amount_poisha)
    update funds set raised_poisha = raised_poisha + (select sum(amount_poisha) from added),
                     donation_count = donation_count + (select count(*) from added)
      where id = '${fundId}'`);
}

/** What the donor's gifts of YEAR add up to, net of refunds, as the statement counts them. */
async function netOfYear(userId: string): Promise<number> {
  const { rows } = await ctx.database.executeSql(
    `select sum(amount_poisha - refunded_poisha)::bigint as net from payments
     where user_id = $1 and receipt_number like 'EF-T-${YEAR}-%' and mode = 'test'`,
    [userId],
  );
  return Number(rows[0]!.net);
}

const { ctx, donor } = useTestApp(
  { donor: { name: 'Many Gifts' } },
  { env: { PDF_RATE_LIMIT_MAX: '1000' } },
);
beforeAll(async () => {
  const raiser = await createUser(ctx.app.auth, ctx.db, { role: 'verified' });
  fundId = (
    await createFund(ctx.db, { raiserId: raiser.id, status: 'approved', name: 'Clinic beds' })
  ).id;
  await giftsInYear(donor.id, '', STATEMENT_MAX_GIFTS);
}, 120_000);

describe('a yearly statement of many gifts', () => {
  it('lists 10,000 gifts on a thread of its own: receipts asked meanwhile are not held back', async () => {
    // A receipt of the donor's, drawn once so that the receipt printer's thread is up.
    const gift = (await donate(ctx, donor, fundId, 500)).confirmed.json().payment;
    const receipt = () => as(donor).call(api.receipts.receipt, { params: { paymentId: gift.id } });
    expect((await receipt()).statusCode).toBe(200);

    const started = performance.now();
    let statementMs = 0;
    const statement = as(donor)
      .call(api.receipts.statement, { params: { year: YEAR } })
      .then((res) => {
        statementMs = performance.now() - started;
        return res;
      });
    const receiptMs: number[] = [];
    while (statementMs === 0) {
      const asked = performance.now();
      const res = await receipt();
      expect(res.statusCode).toBe(200);
      if (statementMs === 0) receiptMs.push(performance.now() - asked);
      await new Promise((r) => setTimeout(r, 50));
    }
    const res = await statement;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // Several receipts were drawn while the statement was, each in a fraction of its time
    // (on one shared thread, each would have waited for the rest of the statement).
    expect(receiptMs.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...receiptMs)).toBeLessThan(statementMs / 3);

    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`EF-T-${YEAR}-000001`);
    expect(text).toContain(`EF-T-${YEAR}-010000`);
    expect(text).toContain('Total (10,000 donations)');
    expect(text).toContain(formatTk(await netOfYear(donor.id)));
    expect(text).not.toContain('totals by month');
  }, 120_000);

  it('states a year of more gifts than a statement lists as its months’ totals, and says where each gift is', async () => {
    const many = await createSignedInUser(ctx, { name: 'Even More Gifts' });
    await giftsInYear(many.id, '1', STATEMENT_MAX_GIFTS + 1);
    const res = await as(many).call(api.receipts.statement, { params: { year: YEAR } });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(
      'This year has 10,001 donations, more than the 10,000 a statement lists',
    );
    expect(text).toContain('Download my donations (CSV)');
    for (const month of ['January 2040', 'June 2040', 'December 2040'])
      expect(text).toContain(month);
    // No gift is listed one by one; the total is the year's, every gift counted.
    expect(text).not.toContain(`EF-T-${YEAR}-1000001`);
    expect(text).toContain('Total (10,001 donations)');
    expect(text).toContain(formatTk(await netOfYear(many.id)));
    // A statement of months is a page or two, whatever the number of gifts.
    expect(res.rawPayload.byteLength).toBeLessThan(200_000);
  }, 120_000);

  it('in Bangla, says the same in Bangla', async () => {
    const bn = await createSignedInUser(ctx, { name: 'বহু দান' });
    expect((await as(bn).call(api.language.choose, { body: { language: 'bn' } })).statusCode).toBe(
      200,
    );
    await giftsInYear(bn.id, '2', STATEMENT_MAX_GIFTS + 1);
    const res = await as(bn).call(api.receipts.statement, { params: { year: YEAR } });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    // Bangla digits, no English wording.
    expect(text).toContain('১০,০০১');
    expect(text).not.toContain('totals by month');
    expect(text).not.toContain('January');
  }, 120_000);
});
