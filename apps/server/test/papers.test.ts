import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatTk } from '@easyfund/shared/format';
import { rowsOf } from '../src/db/client';
import { funds, payments, refunds } from '../src/db/schema';
import { ofLedgerMode } from '../src/modules/ledger/mode';
import { statementData } from '../src/modules/receipts/statements';
import { createDonation, createFund } from '../src/seed/factories';
import { as, createSignedInUser, jobsDone, useTestApp } from './helper';
import { confirmAtProcessor, confirmPayment, createIntent, donate } from './payments-helper';
import { resources as api } from '@easyfund/shared/api/resources';

let fundId: string;
/** The 750 Tk gift, 250 Tk of it refunded. */
let refundedId: string;
const REASON = 'Donated twice by mistake';

const year = () =>
  Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dhaka', year: 'numeric' }).format(
      new Date(),
    ),
  );
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());

async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

/** A CSV download as records, by its header's names. */
/** The rows of a CSV download, which must have succeeded. */
async function csv(
  download: Promise<{ statusCode: number; body: string }>,
): Promise<Record<string, string>[]> {
  const res = await download;
  expect(res.statusCode).toBe(200);
  return parse(res.body.replace(/^\uFEFF/, ''), { columns: true, record_delimiter: '\r\n' });
}

const poisha = (tk: string) => Math.round(Number(tk) * 100);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

const { ctx, admin, raiser, donor } = useTestApp({
  admin: { role: 'admin' },
  raiser: { role: 'verified', name: 'Karim Raiser' },
  donor: { name: 'Rahima Donor' },
});
beforeAll(async () => {
  fundId = (await createFund(ctx.db, { raiserId: raiser.id, status: 'approved' })).id;
  // 750 Tk paid through the embedded processor, then 250 Tk of it refunded by an admin.
  const { intent, confirmed } = await donate(ctx, donor, fundId, 750);
  expect(confirmed.statusCode).toBe(200);
  refundedId = intent.paymentId;
  const refund = await as(admin).call(api.payments.refund, {
    params: { paymentId: refundedId },
    body: {
      amountPoisha: 250_00,
      reason: REASON,
      requestKey: crypto.randomUUID(),
    },
  });
  expect(refund.statusCode).toBe(200);
  // 1,550 Tk given as Zakat; another donor's 100 Tk; and live money on this test site,
  // which no paper of it may count.
  await createDonation(ctx.db, { userId: donor.id, fundId, amountTk: 1550, zakat: true });
  const other = await createSignedInUser(ctx, { name: 'Other Donor' });
  await createDonation(ctx.db, { userId: other.id, fundId, amountTk: 100 });
  await createDonation(ctx.db, { userId: donor.id, fundId, amountTk: 999, mode: 'live' });
  await jobsDone(ctx);
});

describe('every paper after a refund', () => {
  it("sums to the ledger: the fund's total, the statement, the donor's, the raiser's and the admins' CSVs", async () => {
    const [fund] = await ctx.db
      .select({ raised: funds.raisedPoisha })
      .from(funds)
      .where(eq(funds.id, fundId));
    // The ledger: what was paid, less what was taken back (the credit notes).
    const [ledger] = rowsOf(
      await ctx.db.execute(sql`select
          (select sum(p.amount_poisha) from payments p where p.user_id = ${donor.id}
            and p.status in ('succeeded', 'refunded') and ${ofLedgerMode(sql`p.mode`)})::int as paid,
          (select coalesce(sum(x.amount_poisha), 0) from refunds x
            join payments p on p.id = x.payment_id
            where p.user_id = ${donor.id} and ${ofLedgerMode(sql`p.mode`)})::int as back`),
    ).map((r) => ({ paid: Number(r.paid), back: Number(r.back) }));
    expect(ledger).toEqual({ paid: 2300_00, back: 250_00 });
    const donorNet = ledger!.paid - ledger!.back;
    expect(donorNet).toBe(2050_00);
    expect(fund!.raised).toBe(donorNet + 100_00);

    // The yearly statement: the 750 Tk gift counts 500, the live gift nothing.
    const data = await statementData(ctx.db, { id: donor.id, name: '', email: '' }, year());
    expect(data.totalPoisha).toBe(donorNet);
    expect(data.zakatPoisha).toBe(1550_00);
    const statement = await as(donor).call(api.receipts.statement, { params: { year: year() } });
    const text = await pdfText(statement.rawPayload);
    expect(text).toContain(`Total (2 donations) ${formatTk(donorNet)}`);
    expect(text).toContain('Two Thousand Fifty Taka Only');
    expect(text).toContain(`${formatTk(250_00)} of ${formatTk(750_00)} refunded`);
    expect(text).toContain(`Of which Zakat ${formatTk(1550_00)}`);
    expect(text).not.toContain(formatTk(999_00));

    // The donor's own CSV.
    const mine = await csv(as(donor).call(api.downloads.myGifts));
    expect(mine).toHaveLength(2);
    expect(sum(mine.map((r) => poisha(r['Kept (Tk)']!)))).toBe(donorNet);
    const partly = mine.find((r) => r['Amount (Tk)'] === '750.00')!;
    expect(partly).toMatchObject({
      'Refunded (Tk)': '250.00',
      'Kept (Tk)': '500.00',
      Status: 'Partly refunded',
      'Refund reason': REASON,
      'Payment method': 'Card',
    });
    expect(partly['Credit notes']).toMatch(/^CN-T-\d{4}-\d{6}$/);
    expect(mine.find((r) => r['Amount (Tk)'] === '1550.00')!.Zakat).toBe('Zakat');

    // The raiser's CSV: every gift to the fund, what was kept, why some went back.
    const raisers = await csv(as(raiser).call(api.downloads.myDonations));
    expect(sum(raisers.map((r) => poisha(r['Kept (Tk)']!)))).toBe(fund!.raised);
    expect(raisers.find((r) => r['Amount (Tk)'] === '750.00')).toMatchObject({
      Status: 'Partly refunded',
      'Refund reason': REASON,
    });

    // The admins' payments CSV: net of refunds, with the receipt's number and transaction id.
    const all = await csv(
      as(admin).call(api.downloads.payments, { query: { from: today(), to: today() } }),
    );
    const ofFund = all.filter((r) => r['Fund id'] === fundId);
    expect(sum(ofFund.map((r) => poisha(r['Net (Tk)']!)))).toBe(fund!.raised);
    const row = ofFund.find((r) => r['Payment id'] === refundedId)!;
    const [paid] = await ctx.db.select().from(payments).where(eq(payments.id, refundedId));
    expect(row).toMatchObject({
      'Receipt number': paid!.receiptNumber,
      Status: 'partly_refunded',
      Method: 'card',
      'Transaction id': paid!.gatewayTransactionId ?? paid!.providerPaymentId,
      'Refund reason': REASON,
      'Net (Tk)': '500.00',
    });
  });

  it('the receipt shows the refund with its credit note, date and reason; the credit note refers to the receipt and is mailed', async () => {
    const [paid] = await ctx.db.select().from(payments).where(eq(payments.id, refundedId));
    const [note] = await ctx.db.select().from(refunds).where(eq(refunds.paymentId, refundedId));
    expect(note!.reason).toBe(REASON);
    const number = note!.creditNoteNumber!;
    expect(number).toMatch(new RegExp(`^CN-T-${year()}-\\d{6}$`));

    const receipt = await pdfText(
      (await as(donor).call(api.receipts.receipt, { params: { paymentId: refundedId } }))
        .rawPayload,
    );
    expect(receipt).toContain(`Refunded ${formatTk(250_00)}`);
    expect(receipt).toContain(`Kept as a donation ${formatTk(500_00)}`);
    expect(receipt).toContain(`Credit note ${number}`);
    expect(receipt).toContain(`Reason ${REASON}`);

    const creditNote = { params: { refundId: note!.id } };
    const res = await as(donor).call(api.receipts.creditNote, creditNote);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`${number}.pdf`);
    const credit = await pdfText(res.rawPayload);
    expect(credit).toContain(`Refers to receipt ${paid!.receiptNumber}`);
    expect(credit).toContain(`Refunded ${formatTk(250_00)}`);
    expect(credit).toContain(`Kept as a donation ${formatTk(500_00)}`);
    expect(credit).toContain(REASON);
    // Nobody else's: the raiser gets the same 404 as for an unknown one; an admin reads it.
    expect((await as(raiser).call(api.receipts.creditNote, creditNote)).statusCode).toBe(404);
    expect((await as(admin).call(api.receipts.creditNote, creditNote)).statusCode).toBe(200);

    const mails = ctx.mails.filter(
      (m) => m.to === donor.email && m.attachments?.some((a) => a.filename === `${number}.pdf`),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Reason: ${REASON}`);
    expect(mails[0]!.text).toContain(paid!.receiptNumber!);
  });

  it('the donor, the raiser and admins see "partly refunded" with amount, date and reason', async () => {
    const history = await as(donor).call(api.payments.mine);
    const mine = history.json().items.find((p) => p.id === refundedId);
    expect(mine).toMatchObject({ status: 'succeeded', refundedPoisha: 250_00 });
    expect(mine?.refunds).toEqual([
      expect.objectContaining({ kind: 'refund', amountPoisha: 250_00, reason: REASON }),
    ]);
    expect(new Date(mine!.refunds[0]!.createdAt).getTime()).toBeGreaterThan(0);
    const donations = await as(donor).call(api.donations.mine);
    const gift = donations.json().items.find((p) => p.id === refundedId);
    expect(gift?.refunds[0]?.reason).toBe(REASON);
    const detail = await as(admin).call(api.payments.detail, { params: { paymentId: refundedId } });
    expect(detail.json().refunds[0]).toMatchObject({ reason: REASON, amountPoisha: 250_00 });
  });

  it('numbers credit notes without gaps, per series', async () => {
    const { intent } = await donate(ctx, donor, fundId, 300);
    for (const amountPoisha of [50_00, 70_00]) {
      const res = await as(admin).call(api.payments.refund, {
        params: { paymentId: intent.paymentId },
        body: {
          amountPoisha,
          reason: 'Asked for it back',
          requestKey: crypto.randomUUID(),
        },
      });
      expect(res.statusCode).toBe(200);
    }
    const numbers = (
      await ctx.db.select().from(refunds).where(eq(refunds.paymentId, intent.paymentId))
    )
      .map((r) => r.creditNoteNumber!)
      .sort();
    const seq = numbers.map((n) => Number(n.slice(-6)));
    expect(seq[1]).toBe(seq[0]! + 1);
  });

  it('a gift the donor marks as Zakat at the pay step says so on its receipt and in the exports', async () => {
    const created = await createIntent(ctx, donor, { fundId, amountTk: 400, zakat: true });
    expect(created.statusCode).toBe(201);
    const intent = created.json() as { intentId: string; clientSecret: string; paymentId: string };
    await confirmAtProcessor(ctx, intent);
    expect((await confirmPayment(ctx, donor, intent.intentId)).statusCode).toBe(200);
    const receipt = await pdfText(
      (await as(donor).call(api.receipts.receipt, { params: { paymentId: intent.paymentId } }))
        .rawPayload,
    );
    expect(receipt).toContain('Given as Zakat');
    const mine = await as(donor).call(api.payments.one, {
      params: { paymentId: intent.paymentId },
    });
    expect(mine.json().zakat).toBe(true);
    const all = await csv(
      as(admin).call(api.downloads.payments, { query: { from: today(), to: today() } }),
    );
    expect(all.find((r) => r['Payment id'] === intent.paymentId)!.Zakat).toBe('yes');
    // Not Zakat unless said so.
    expect(
      (await createIntent(ctx, donor, { fundId, amountTk: 10, zakat: 'yes' })).statusCode,
    ).toBe(400);
  });
});
