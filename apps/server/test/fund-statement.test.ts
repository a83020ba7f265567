import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/ledger/check';
import { fundStatementData } from '../src/modules/payouts/statement';
import { recordRefund } from '../src/modules/payments/service';
import { createDonation, createFund, createPayoutAccount } from '../src/seed/factories';
import { resources as api } from '@easyfund/shared/api/resources';
import { approveAndPay, as, createSignedInUser, decide, useTestApp } from './helper';

/**
 * A fund's statement: gifts net of refunds in, payouts out, held and available, and a
 * closing balance that is the ledger check's own figures. Its own database: the ledger
 * check sums every fund, and here there is one with money.
 */
let fundId: string;

async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const { ctx, admin, raiser } = useTestApp({
  admin: { role: 'admin' },
  raiser: { role: 'verified', name: 'Karim Hossain' },
});
beforeAll(async () => {
  const donor = await createSignedInUser(ctx);
  fundId = (await createFund(ctx.db, { raiserId: raiser.id, name: 'Flood relief Sylhet' })).id;
  await createDonation(ctx.db, { userId: donor.id, fundId, amountTk: 2000 });
  const refunded = await createDonation(ctx.db, { userId: donor.id, fundId, amountTk: 500 });
  await recordRefund({ db: ctx.db }, refunded.id, { addedPoisha: 200_00 }, 'test', 'A mistake');
  const account = await createPayoutAccount(ctx.db, { userId: raiser.id });
  const ask = async (amountTk: number) =>
    (
      await as(raiser).call(api.withdrawals.request, {
        body: {
          fundId,
          amountTk,
          payoutAccountId: account.id,
        },
      })
    ).json();

  await approveAndPay(admin, (await ask(1000)).id, {
    method: 'bkash',
    amountTk: 1000,
    reference: 'BKA7X9QZ21',
    paidOn: '2026-11-20',
  });
  const approved = await decide(admin, 'withdrawal', (await ask(400)).id, { status: 'approved' });
  expect(approved.statusCode).toBe(200);
  await ask(100);
});

describe("a fund's statement", () => {
  it("holds the ledger check's figures: in = paid out + held + available; closing = in − paid out", async () => {
    const s = await fundStatementData(ctx.db, { id: raiser.id, isAdmin: false }, fundId);
    expect(s).toMatchObject({
      inPoisha: 2300_00,
      paidOutPoisha: 1000_00,
      heldPoisha: 500_00,
      availablePoisha: 800_00,
      closingPoisha: 1300_00,
      payouts: [
        {
          paidOn: '2026-11-20',
          method: 'bkash',
          account: '••••••••678',
          reference: 'BKA7X9QZ21',
          amountPoisha: 1000_00,
        },
      ],
    });
    const ledger = await checkLedger(ctx.db);
    expect(ledger.problems).toEqual([]);
    expect({
      paid: s.paidOutPoisha,
      held: s.heldPoisha,
      available: s.availablePoisha,
    }).toEqual({
      paid: ledger.paidOutPoisha,
      held: ledger.heldPoisha,
      available: ledger.availablePoisha,
    });
    expect(s.inPoisha).toBe(ledger.paidOutPoisha + ledger.heldPoisha + ledger.availablePoisha);
    expect(s.closingPoisha).toBe(ledger.heldPoisha + ledger.availablePoisha);
  });

  it('downloads as PDF for the raiser in English and for an admin in Bangla', async () => {
    const mine = await as(raiser).call(api.receipts.fundStatement, { params: { id: fundId } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(mine.rawPayload);
    for (const part of [
      'Fund statement: Flood relief Sylhet',
      'Gifts, net of refunds',
      '2,300 Tk',
      'BKA7X9QZ21',
      '••••••••678',
      'Closing balance',
      '1,300 Tk',
    ])
      expect(text, part).toContain(part);
    expect(text).not.toContain('01712345678');
    const bangla = await as(admin).call(api.receipts.fundStatement, {
      params: { id: fundId },
      headers: { 'accept-language': 'bn' },
    });
    expect(bangla.statusCode).toBe(200);
    expect(await pdfText(bangla.rawPayload)).toContain('১,৩০০');
  });

  it("is the raiser's and the admins' only: 404 for another raiser, 403 for a user, 401 for a visitor", async () => {
    const other = await createSignedInUser(ctx, { role: 'verified' });
    const user = await createSignedInUser(ctx);
    const statement = { params: { id: fundId } };
    expect((await as(other).call(api.receipts.fundStatement, statement)).statusCode).toBe(404);
    expect((await as(user).call(api.receipts.fundStatement, statement)).statusCode).toBe(403);
    expect((await as(ctx).call(api.receipts.fundStatement, statement)).statusCode).toBe(401);

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await as(admin).call(api.receipts.fundStatement, { params: { id: unknown } })).statusCode,
    ).toBe(404);
  });
});
