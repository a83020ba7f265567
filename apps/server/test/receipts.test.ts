import { eq } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatDigits, formatTk } from '@easyfund/shared/format';
import { createDonation, createFund, createUser } from '../src/seed/factories';
import { payments, sentMails } from '../src/db/schema';
import { Jobs } from '../src/lib/job-queue';
import { recordRefund } from '../src/modules/payments/service';
import { createPrinter, type Printer } from '../src/modules/receipts/printer';
import { RECEIPTS_GIVE_WAY } from '../src/modules/receipts/routes';
import { statementTotals } from '../src/modules/receipts/statement-totals';
import { sendReceiptMail } from '../src/modules/receipts/mails';
import {
  as,
  buildTestApp,
  createSignedInUser,
  type SignedInUser,
  type TestContext,
  TEST_DB_KIND,
  useTestApp,
} from './helper';
import { donate, payByWallet } from './payments-helper';
import { resources as api } from '@easyfund/shared/api/resources';
import { pdfText } from './support/pdf-text';

let fundId: string;
const FUND_NAME = 'Flood relief in Sylhet';

/** The calendar year in Bangladesh (receipts are numbered per Dhaka year). */
const dhakaYear = (at: Date) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dhaka', year: 'numeric' }).format(at));

const { ctx, donor, other, admin } = useTestApp(
  {
    donor: { name: 'নুসরাত জাহান Nusrat' },
    other: { name: 'Someone Else' },
    admin: { name: 'Admin', role: 'admin', emailVerified: true },
  },
  { env: { ORG_NAME: 'Easy Fund Trust', ORG_ADDRESS: 'Road 5, Dhaka 1205' } },
);
beforeAll(async () => {
  const raiser = await createUser(ctx.app.auth, ctx.db, { role: 'verified' });
  fundId = (await createFund(ctx.db, { raiserId: raiser.id, status: 'approved', name: FUND_NAME }))
    .id;
});

async function waitFor<T>(probe: () => T | undefined, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const numberPattern = (year: number) => new RegExp(`^EF-T-${year}-\\d{6}$`);

describe('receipt numbers', () => {
  it('a recorded donation carries the next number of the Dhaka year', async () => {
    const { confirmed } = await donate(ctx, donor, fundId, 1_250);
    const payment = confirmed.json().payment;
    expect(payment.receiptNumber).toMatch(numberPattern(dhakaYear(new Date())));
    const res = await as(donor).call(api.payments.one, { params: { paymentId: payment.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fundName: FUND_NAME, receiptNumber: payment.receiptNumber });
    // Someone else's payment is not found.
    expect(
      (await as(other).call(api.payments.one, { params: { paymentId: payment.id } })).statusCode,
    ).toBe(404);
  });

  it('has no gaps and no duplicates when donations are recorded at once', async () => {
    const before = await ctx.db.select({ n: payments.receiptNumber }).from(payments);
    const donors = await Promise.all(
      Array.from({ length: 4 }, (_, i) => createSignedInUser(ctx, { name: `Donor ${i}` })),
    );
    await Promise.all(
      donors.flatMap((d) => Array.from({ length: 4 }, () => donate(ctx, d, fundId, 100))),
    );
    const numbers = (await ctx.db.select({ n: payments.receiptNumber }).from(payments))
      .map((r) => r.n)
      .filter((n): n is string => n !== null)
      .map((n) => Number(n.slice(-6)))
      .sort((a, b) => a - b);
    expect(numbers).toHaveLength(before.filter((r) => r.n).length + 16);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it('numbers live and test receipts in sequences of their own (EF- and EF-T-)', async () => {
    const at = new Date('2031-03-01T06:00:00Z');
    const gift = (mode: 'test' | 'live') =>
      createDonation(ctx.db, { userId: donor.id, fundId, amountTk: 10, succeededAt: at, mode });
    const firstTest = await gift('test');
    const firstLive = await gift('live');
    const secondTest = await gift('test');
    const secondLive = await gift('live');
    expect([firstTest, secondTest].map((p) => p.receiptNumber)).toEqual([
      'EF-T-2031-000001',
      'EF-T-2031-000002',
    ]);
    expect([firstLive, secondLive].map((p) => p.receiptNumber)).toEqual([
      'EF-2031-000001',
      'EF-2031-000002',
    ]);
  });

  it('gives the number as the donation is recorded, and takes it back with a rolled-back recording', async () => {
    const at = new Date('2032-05-01T06:00:00Z');
    const [pending] = await ctx.db
      .insert(payments)
      .values({
        userId: donor.id,
        fundId,
        provider: 'test',
        providerPaymentId: `pi_rolled_back_${Date.now()}`,
        amountPoisha: 1_000,
        mode: 'test',
        status: 'pending',
      })
      .returning();
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx
          .update(payments)
          .set({ status: 'succeeded', succeededAt: at })
          .where(eq(payments.id, pending!.id));
        // The recording statement wrote the number into the payment.
        const [inside] = await tx
          .select({ n: payments.receiptNumber })
          .from(payments)
          .where(eq(payments.id, pending!.id));
        expect(inside!.n).toBe('EF-T-2032-000001');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const recorded = await createDonation(ctx.db, {
      userId: donor.id,
      fundId,
      amountTk: 10,
      succeededAt: at,
    });
    expect(recorded.receiptNumber).toBe('EF-T-2032-000001');
  });

  it('the year is the one in Dhaka (UTC+6) when the donation succeeded', async () => {
    const late = await createDonation(ctx.db, {
      userId: donor.id,
      fundId,
      amountTk: 10,
      succeededAt: new Date('2026-12-31T17:59:59Z'),
    });
    const newYear = await createDonation(ctx.db, {
      userId: donor.id,
      fundId,
      amountTk: 10,
      succeededAt: new Date('2026-12-31T18:00:00Z'),
    });
    expect(late.receiptNumber).toMatch(/^EF-T-2026-\d{6}$/);
    expect(newYear.receiptNumber).toBe('EF-T-2027-000001');
  });
});

describe('the receipt', () => {
  let paymentId: string;
  let receiptNumber: string;
  beforeAll(async () => {
    const { confirmed } = await donate(ctx, donor, fundId, 123_456);
    ({ id: paymentId, receiptNumber } = confirmed.json().payment);
  });

  it('is e-mailed to the donor once, as a PDF with the number, the amount in words and the fund', async () => {
    const mail = await waitFor(() =>
      ctx.mails.find((m) => m.to === donor.email && m.subject.includes(receiptNumber)),
    );
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments!;
    expect(pdf!.contentType).toBe('application/pdf');
    expect(pdf!.filename).toBe(`${receiptNumber}.pdf`);
    const text = await pdfText(pdf!.content);
    expect(text).toContain(receiptNumber);
    expect(text.replace(/\s+/g, ' ')).toContain(
      'One Lakh Twenty-Three Thousand Four Hundred Fifty-Six Taka Only',
    );
    expect(text).toContain(formatTk(123_456_00));
    expect(text).toContain('নুসরাত জাহান');
    expect(text).toContain(FUND_NAME);
    expect(text).toContain('Easy Fund Trust');
    expect(text).toContain('Road 5');
    expect(text).toContain(donor.email);
    expect(text.replace(/\s+/g, ' ')).toContain('Payment method Card Transaction ID');
    expect(text).toMatch(/Asia\/Dhaka/);
    // The Bengali part of the name is set in the embedded Bengali font.
    expect(pdf!.content.toString('latin1')).toMatch(/NotoSansBengali/);

    // Sending again (a retried job, which comes once the first one ended and recorded its
    // mail) sends nothing, and draws no PDF for it.
    await vi.waitFor(
      async () => {
        const key = `receipt:${paymentId}`;
        expect(await ctx.db.select().from(sentMails).where(eq(sentMails.key, key))).toHaveLength(1);
      },
      { timeout: 15_000, interval: 100 },
    );
    const printer = createPrinter({ threads: 1 });
    let drawn = 0;
    try {
      const deps = {
        db: ctx.db,
        mailer: ctx.app.mailer,
        org: { name: 'x', address: 'y' },
        printer: {
          ...printer,
          receipt: (...args: Parameters<typeof printer.receipt>) => {
            drawn++;
            return printer.receipt(...args);
          },
        },
      };
      expect(await sendReceiptMail({ ...deps, publicUrl: 'http://x' }, paymentId)).toBe(false);
    } finally {
      await printer.close();
    }
    expect(drawn).toBe(0);
    expect(ctx.mails.filter((m) => m.subject.includes(receiptNumber))).toHaveLength(1);
  });

  it('is downloaded by its donor and by an admin; anyone else gets 404', async () => {
    const receipt = { params: { paymentId } };
    const mine = await as(donor).call(api.receipts.receipt, receipt);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toContain(`${receiptNumber}.pdf`);
    expect(await pdfText(mine.rawPayload)).toContain(receiptNumber);
    expect((await as(admin).call(api.receipts.receipt, receipt)).statusCode).toBe(200);
    expect((await as(other).call(api.receipts.receipt, receipt)).statusCode).toBe(404);
    expect((await as(ctx).call(api.receipts.receipt, receipt)).statusCode).toBe(401);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await as(donor).call(api.receipts.receipt, { params: { paymentId: unknown } })).statusCode,
    ).toBe(404);
    expect(
      (await as(donor).call(api.receipts.receipt, { params: { paymentId: 'nope' } })).statusCode,
    ).toBe(400);
  });

  it('says a test payment took no money, and shows a refund in part and in whole', async () => {
    const { intent } = await donate(ctx, donor, fundId, 300);
    const receipt = { params: { paymentId: intent.paymentId } };
    const read = async () =>
      (await pdfText((await as(donor).call(api.receipts.receipt, receipt)).rawPayload)).replace(
        /\s+/g,
        ' ',
      );
    const before = await read();
    expect(before).toContain('Test payment: no money was taken.');
    expect(before).not.toContain('Refunded');
    await recordRefund(
      { db: ctx.db },
      intent.paymentId,
      { refundedPoisha: 10_000, disputedPoisha: 0 },
      'test',
    );
    const part = await read();
    expect(part).toContain(`Refunded ${formatTk(10_000)}`);
    expect(part).toContain(`Kept as a donation ${formatTk(20_000)}`);
    await recordRefund(
      { db: ctx.db },
      intent.paymentId,
      { refundedPoisha: 30_000, disputedPoisha: 0 },
      'test',
    );
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, intent.paymentId));
    expect(row!.status).toBe('refunded');
    expect(await read()).toContain('This donation was refunded.');
  });

  it('of a wallet payment names the wallet and the gateway transaction id, in the PDF and the mail', async () => {
    const { paymentId: walletPayment, paid } = await payByWallet(ctx, donor, {
      fundId,
      amountTk: 700,
      method: 'bkash',
    });
    expect(paid.statusCode).toBe(200);
    // What Payment History shows: the wallet and the gateway's own transaction id.
    const shown = (
      await as(donor).call(api.payments.one, { params: { paymentId: walletPayment } })
    ).json();
    expect(shown).toMatchObject({ status: 'succeeded', method: 'bkash' });
    expect(shown.transactionId).toMatch(/^TESTBTR/);
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, walletPayment));
    expect(shown.transactionId).toBe(row!.gatewayTransactionId);

    const download = await as(donor).call(api.receipts.receipt, {
      params: { paymentId: walletPayment },
    });
    expect(download.statusCode).toBe(200);
    for (const text of [
      await pdfText(download.rawPayload),
      await pdfText(
        (
          await waitFor(() =>
            ctx.mails.find((m) => m.subject.includes(shown.receiptNumber as string)),
          )
        ).attachments![0]!.content,
      ),
    ]) {
      const flat = text.replace(/\s+/g, ' ');
      expect(flat).toContain('Payment method bKash');
      expect(flat).toContain(`Transaction ID ${shown.transactionId}`);
      // Not the gateway's name, nor its session key.
      expect(flat).not.toContain('SSLCommerz');
      expect(flat).not.toContain(row!.providerPaymentId);
    }
  });

  it('a pending payment has no receipt yet', async () => {
    const created = await as(donor).call(api.payments.createIntent, {
      body: {
        fundId,
        amountTk: 50,
      },
    });
    const { paymentId: pending } = created.json();
    expect(
      (await as(donor).call(api.receipts.receipt, { params: { paymentId: pending } })).statusCode,
    ).toBe(404);
  });
});

describe('the yearly statement', () => {
  it("lists the year's donations with their total, for the signed-in donor only", async () => {
    const statementDonor = await createSignedInUser(ctx, { name: 'Statement Donor' });
    const first = (await donate(ctx, statementDonor, fundId, 500)).confirmed.json().payment;
    const second = (await donate(ctx, statementDonor, fundId, 1_500)).confirmed.json().payment;
    const year = dhakaYear(new Date());
    const res = await as(statementDonor).call(api.receipts.statement, { params: { year } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(first.receiptNumber);
    expect(text).toContain(second.receiptNumber);
    expect(text).toContain(formatTk(2_000_00));
    expect(text).toContain('Two Thousand Taka Only');
    expect(text).toContain('Total (2 donations)');
    expect(text).not.toContain(FUND_NAME.repeat(2));
    // Other donors' receipts are not in it.
    const [foreign] = await ctx.db
      .select({ n: payments.receiptNumber })
      .from(payments)
      .where(eq(payments.userId, donor.id));
    expect(text).not.toContain(foreign!.n!);

    const empty = await as(statementDonor).call(api.receipts.statement, {
      params: { year: year - 1 },
    });
    expect(await pdfText(empty.rawPayload)).toContain('No donations in this year.');
    expect(
      (await as(statementDonor).call(api.receipts.statement, { params: { year: 'abc' } }))
        .statusCode,
    ).toBe(400);
    expect((await as(ctx).call(api.receipts.statement, { params: { year } })).statusCode).toBe(401);
  });
});

describe('in the donor’s language', () => {
  /**
   * A PDF's text as a reader extracts it (pdf.js). Bengali vowel signs written before
   * their consonant come out in drawing order (রসিদ as রিসদ), so Bangla is compared
   * through its skeleton: consonants, independent vowels and digits, no white space.
   */
  const flat = async (pdf: Buffer) => (await pdfText(pdf)).replace(/\s+/g, ' ');
  const skeleton = (s: string) => s.normalize('NFC').replace(/[\u0981\u09BE-\u09CD\u09D7\s]/g, '');
  /** A reph (র্ before a consonant) is drawn above, after its consonant: পূর্বাহ্ণ as পূবর্াহ্ণ. */
  const drawn = (s: string) =>
    s.normalize('NFC').replace(/র\u09CD([\u0995-\u09B9\u09DC-\u09DF])/g, '$1র');
  const expectBangla = (text: string, bangla: string) =>
    expect(skeleton(text), bangla).toContain(skeleton(drawn(bangla)));

  it('a Bangla donor’s receipt has Bangla labels, Bangla digits and the amount in Bangla words', async () => {
    const bnDonor = await createSignedInUser(ctx, { name: 'রহিম উদ্দিন' });
    const chose = await as(bnDonor).call(api.language.choose, { body: { language: 'bn' } });
    expect(chose.statusCode).toBe(200);
    const { confirmed } = await donate(ctx, bnDonor, fundId, 123_400);
    const { id, receiptNumber, succeededAt } = confirmed.json().payment;

    // The mailed receipt, and the one downloaded from an English page, alike.
    const mail = await waitFor(() =>
      ctx.mails.find((m) => m.to === bnDonor.email && m.subject.includes(receiptNumber)),
    );
    const download = await as(bnDonor).call(api.receipts.receipt, {
      params: { paymentId: id },
      headers: {
        'accept-language': 'en',
      },
    });
    for (const pdf of [mail.attachments![0]!.content, download.rawPayload]) {
      const text = await flat(pdf);
      for (const label of [
        'দানের রসিদ',
        'রসিদ নম্বর',
        'তারিখ ও সময়',
        'দাতা',
        'ইমেইল',
        'তহবিল',
        'পরিমাণ',
        'কথায় পরিমাণ',
        'লেনদেন আইডি',
        'পরীক্ষামূলক পেমেন্ট: কোনো টাকা নেওয়া হয়নি।',
        'আপনার দানের জন্য ধন্যবাদ।',
      ])
        expectBangla(text, label);
      // Amount and date in Bangla digits (lakh grouping, টাকা), the date in Dhaka.
      expect(text).toContain('১,২৩,৪০০ টাকা');
      expectBangla(text, `${formatDateTime(succeededAt, 'bn')} (ঢাকার সময়)`);
      expect(formatDateTime(succeededAt, 'bn')).toMatch(/^[০-৯]+ \S+, [০-৯]{4}/);
      expectBangla(text, 'এক লক্ষ তেইশ হাজার চারশত টাকা মাত্র');
      expectBangla(text, 'রহিম উদ্দিন');
      expect(text).toContain(receiptNumber);
      // Copied or searched, the text has no stray characters where glyphs were shaped,
      // and Latin digits only in the receipt number, address, e-mail and transaction id.
      expect([...text].filter((c) => c < ' ')).toEqual([]);
      const latin = text
        .replace(receiptNumber, '')
        .replace('Road 5, Dhaka 1205', '')
        .replace(bnDonor.email, '')
        .replace(/pi_test_\w+/, '')
        .replace(/-- \d+ of \d+ --/, ''); // pdf-parse's page mark
      expect(latin.match(/\S*[0-9]\S*/g) ?? []).toEqual([]);
      for (const english of [
        'Donation receipt',
        'Amount in words',
        'Taka Only',
        'Asia/Dhaka',
        formatTk(123_400_00),
        formatDateTime(succeededAt),
        'Test payment',
      ])
        expect(text).not.toContain(english);
    }
  });

  it('a Bangla donor’s statement has Bangla labels, digits and the total of one donation', async () => {
    const bnDonor = await createSignedInUser(ctx, { name: 'করিম' });
    await as(bnDonor).call(api.language.choose, { body: { language: 'bn' } });
    const { receiptNumber, succeededAt } = (
      await donate(ctx, bnDonor, fundId, 1_500)
    ).confirmed.json().payment;
    const year = dhakaYear(new Date());
    const res = await as(bnDonor).call(api.receipts.statement, { params: { year } });
    expect(res.statusCode).toBe(200);
    const text = await flat(res.rawPayload);
    expectBangla(text, `${formatDigits(year, 'bn')} সালের দানের বিবরণী`);
    for (const label of ['দাতা', 'তারিখ', 'রসিদ', 'তহবিল', 'পরিমাণ']) expectBangla(text, label);
    expect(text).toContain(receiptNumber);
    expectBangla(text, formatDate(succeededAt, 'bn'));
    expect(text).toContain('১,৫০০ টাকা');
    expectBangla(text, 'মোট (১টি দান)');
    expectBangla(text, 'কথায়: এক হাজার পাঁচশত টাকা মাত্র');
    for (const english of ['Donation statement', 'Total', 'In words', formatTk(1_500_00)])
      expect(text).not.toContain(english);

    const empty = await as(bnDonor).call(api.receipts.statement, { params: { year: year - 1 } });
    expectBangla(await flat(empty.rawPayload), 'এই বছরে কোনো দান নেই।');
  });

  it('an English donor’s statement of one donation says "1 donation"', async () => {
    const enDonor = await createSignedInUser(ctx, { name: 'One Gift' });
    await donate(ctx, enDonor, fundId, 700);
    const res = await as(enDonor).call(api.receipts.statement, {
      params: { year: dhakaYear(new Date()) },
    });
    const text = await flat(res.rawPayload);
    expect(text).toContain('Donation statement');
    expect(text).toContain('Total (1 donation)');
    expect(text).toContain('In words: Seven Hundred Taka Only');
  });

  it('a donor who never chose a language gets the page’s', async () => {
    const visitor = await createSignedInUser(ctx, { name: 'Page Language' });
    const { id } = (await donate(ctx, visitor, fundId, 200)).confirmed.json().payment;
    const receipt = { params: { paymentId: id } };
    const inBangla = as({ app: ctx.app, cookie: `${visitor.cookie}; lang=bn` });
    expectBangla(
      await flat((await inBangla.call(api.receipts.receipt, receipt)).rawPayload),
      'দানের রসিদ',
    );
    const english = await flat((await as(visitor).call(api.receipts.receipt, receipt)).rawPayload);
    expect(english).toContain('Donation receipt');
    expect(english).toContain('200 Tk');
  });
});

describe('the document', () => {
  /** A PDF without what differs between two renderings of it: its creation date and id. */
  const timeless = (pdf: Buffer) =>
    pdf
      .toString('latin1')
      .replace(/\(D:\d{14}Z\)/g, '')
      .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/, '');
  const receipt = (donorName: string, fundName: string, amountPoisha: number) => ({
    receiptNumber: 'EF-2026-000042',
    donorName,
    donorEmail: 'donor@example.com',
    fundName,
    amountPoisha,
    succeededAt: new Date('2026-11-27T03:00:00Z'),
    paymentMethod: 'bkash',
    transactionId: 'BKASH-TRX-42',
    refunded: false,
    refundedPoisha: 0,
    refunds: [],
    zakat: false,
    testMode: false,
  });
  const org = { name: 'Easy Fund Trust', address: 'Road 5, Dhaka 1205' };
  /** A printer of one thread, for `use`, closed afterwards. */
  const withPrinter = async (use: (printer: Printer) => Promise<void>) => {
    const printer = createPrinter({ threads: 1 });
    try {
      await use(printer);
    } finally {
      await printer.close();
    }
  };

  it('is the same whatever the process printed before it (the fonts and their shaping are shared)', async () => {
    const mine = receipt('রহিম উদ্দিন', 'Flood relief in Sylhet', 123_400);
    // A process that prints this receipt first…
    vi.resetModules();
    const cold = await import('../src/modules/receipts/receipt-pdf');
    const first = await cold.renderReceipt(org, mine, 'bn');
    // …and one that printed other documents before, with the same letters in other
    // conjuncts and words, in both languages.
    vi.resetModules();
    const warm = {
      ...(await import('../src/modules/receipts/receipt-pdf')),
      ...(await import('../src/modules/receipts/donor-statement-pdf')),
    };
    expect(warm.renderReceipt).not.toBe(cold.renderReceipt);
    await warm.renderReceipt(org, receipt('নুসরাত জাহান Nusrat', 'Flood relief', 50_000), 'en');
    await warm.renderReceipt(org, receipt('উদ্দীপ্ত রহমান', 'দ্বীপের ত্রাণ তহবিল', 98_765_400), 'bn');
    await warm.renderStatement(
      org,
      {
        year: 2026,
        donorName: 'মিম উদ্দিন',
        donorEmail: 'donor@example.com',
        donations: [{ ...receipt('', 'ত্রাণ', 10_000), refunded: false }],
        totalPoisha: 10_000,
        zakatPoisha: 0,
      },
      'bn',
    );
    const later = await warm.renderReceipt(org, mine, 'bn');
    expect(timeless(later)).toBe(timeless(first));
    expect(timeless(await warm.renderReceipt(org, mine, 'bn'))).toBe(timeless(first));
  });

  // Four long statements and a printer's thread started: 4.4 s alone, past 60 s in a loaded
  // CI run.
  it('is drawn on a thread of its own: the same document, while the server goes on', async () => {
    const donations = Array.from({ length: 1_200 }, (_, i) => ({
      ...receipt('', `দ্বীপের ত্রাণ তহবিল ${i}`, 10_000 + i * 100),
      receiptNumber: `EF-2026-${String(i + 1).padStart(6, '0')}`,
      refunded: i % 7 === 0,
      refundedPoisha: i % 7 === 0 ? 10_000 + i * 100 : 0,
    }));
    const long = {
      year: 2026,
      donorName: 'রহিম উদ্দিন',
      donorEmail: 'donor@example.com',
      donations,
      ...statementTotals(donations),
    };
    /**
     * How busy this thread's event loop was while `work` ran (0 idle … 1 always running).
     * A loop waiting for another thread is idle even when the machine is loaded and this
     * process is left off the processor for a while; a loop drawing a PDF itself is busy.
     */
    const busyShareDuring = async <T>(work: () => Promise<T>) => {
      const before = performance.eventLoopUtilization();
      const result = await work();
      return { result, busy: performance.eventLoopUtilization(before).utilization };
    };
    const { renderStatement } = await import('../src/modules/receipts/donor-statement-pdf');
    await renderStatement(org, long, 'bn');
    await withPrinter(async (printer) => {
      await printer.statement(org, long, 'bn');
      // Drawn here, the statement holds this thread; drawn by the printer, it does not.
      const here = await busyShareDuring(() => renderStatement(org, long, 'bn'));
      const printed = await busyShareDuring(() => printer.statement(org, long, 'bn'));
      expect(timeless(printed.result)).toBe(timeless(here.result));
      // 1,200 lines (~140 ms of drawing on a quiet machine), so both shares are measured
      // over long enough a time to mean something. A machine loaded past its cores keeps a
      // waiting loop off the processor between its wake-ups, which counts as busy (0.66
      // seen with 20 processes on 2 cores): the printed share is judged against this one.
      expect(here.busy).toBeGreaterThan(0.8);
      expect(printed.busy).toBeLessThan(here.busy - 0.2);
    });
  }, 180_000);

  it('draws the documents it was given one after another while this thread is busy', async () => {
    await withPrinter(async (printer) => {
      const one = () => printer.receipt(org, receipt('Nusrat Jahan', 'Flood relief', 50_000), 'en');
      await one();
      let drawing = performance.now();
      for (let i = 0; i < 3; i++) await one();
      const each = (performance.now() - drawing) / 3;
      // Four documents asked for, then this thread is held far longer than they take: the
      // printer's thread takes each next one from its own queue, not from this thread.
      let answered = 0;
      const asked = Array.from({ length: 4 }, () => one().then(() => answered++));
      drawing = performance.now();
      while (performance.now() - drawing < Math.max(800, 40 * each));
      // Drawn during the wait, all four answers are waiting in this thread's queue and are
      // read in the next turn of its event loop. Handed over one by one, only the first
      // would be: each next one would be drawn only then, turns later. Counted in turns, not
      // milliseconds, this holds however long a loaded machine keeps this process waiting.
      await new Promise((resolve) => setImmediate(resolve));
      expect(answered).toBe(4);
      await Promise.all(asked);
    });
  });

  it('keeps its Bengali letters on a page it runs onto', async () => {
    // Two layouts where the statement's last line ("In words: …", Bengali first) no longer
    // fits its page and pdfkit carries it onto a new one.
    const { renderStatement } = await import('../src/modules/receipts/donor-statement-pdf');
    for (const [addressLines, count] of [
      [3, 35],
      [4, 34],
    ] as const) {
      const org = {
        name: 'Easy Fund Trust',
        address: Array.from({ length: addressLines }, (_, i) => `Road ${i + 1}, Dhaka`).join('\n'),
      };
      const donations = Array.from({ length: count }, (_, k) => ({
        ...receipt('', 'বন্যার ত্রাণ', 150_000),
        receiptNumber: `EF-2026-${String(k + 1).padStart(6, '0')}`,
        succeededAt: new Date(Date.UTC(2026, k % 12, 2)),
      }));
      const pdf = await renderStatement(
        org,
        {
          year: 2026,
          donorName: 'মিম উদ্দিন',
          donorEmail: 'mim@example.com',
          donations,
          ...statementTotals(donations),
        },
        'bn',
      );
      const parser = new PDFParse({ data: new Uint8Array(pdf) });
      try {
        const { pages } = await parser.getText();
        expect(pages).toHaveLength(2);
        // Drawn in the Latin font, the Bengali letters were empty glyphs (NUL when read).
        expect(pages[1]!.text).toMatch(/^কথায়: /);
        for (const page of pages) expect(page.text).not.toContain('\u0000');
      } finally {
        await parser.destroy();
      }
    }
  });

  it('a document that cannot be drawn fails alone; the printer goes on', async () => {
    await withPrinter(async (printer) => {
      const broken = receipt('Rahim', 'Flood relief', Number.NaN);
      const [failed, printed] = await Promise.allSettled([
        printer.receipt(org, broken, 'en'),
        printer.receipt(org, receipt('Rahim', 'Flood relief', 50_000), 'en'),
      ]);
      expect(failed.status === 'rejected' && String(failed.reason)).toMatch(/not a whole number/);
      expect(printed.status === 'fulfilled' && printed.value.subarray(0, 5).toString()).toBe(
        '%PDF-',
      );
    });
  });
});

describe('downloads', () => {
  let limited: TestContext;
  afterAll(() => limited?.close());

  it('are limited per account, receipts and statements together; others still download', async () => {
    limited = await buildTestApp({ PDF_RATE_LIMIT_MAX: '3' });
    const raiser = await createUser(limited.app.auth, limited.db, { role: 'verified' });
    const fund = await createFund(limited.db, { raiserId: raiser.id, status: 'approved' });
    const [busy, calm] = [
      await createSignedInUser(limited, { name: 'Busy Donor' }),
      await createSignedInUser(limited, { name: 'Calm Donor' }),
    ];
    const paid = async (who: SignedInUser) =>
      (await donate(limited, who, fund.id, 500)).confirmed.json().payment.id as string;
    const busyPayment = await paid(busy);
    const calmPayment = await paid(calm);
    const year = dhakaYear(new Date());
    const statuses: number[] = [];
    const receipt = () =>
      as(busy).call(api.receipts.receipt, { params: { paymentId: busyPayment } });
    const statement = () => as(busy).call(api.receipts.statement, { params: { year } });
    for (const download of [receipt, statement, receipt, statement]) {
      statuses.push((await download()).statusCode);
    }

    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await as(busy).call(api.receipts.receipt, {
      params: { paymentId: busyPayment },
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: 'Too many downloads. Please wait a few minutes and try again.',
      },
    });
    const other = await as(calm).call(api.receipts.receipt, { params: { paymentId: calmPayment } });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-type']).toBe('application/pdf');
  });
});

describe('in a burst of donations', () => {
  it('a receipt waits while more than a few requests are answered, at most its stated time', async () => {
    const { busyAbove, atMostMs } = RECEIPTS_GIVE_WAY;
    // Requests of other donors, still being answered.
    const others = Array.from({ length: busyAbove + 1 }, () => ctx.app.requestsInFlight.enter());
    try {
      const started = performance.now();
      const { confirmed } = await donate(ctx, donor, fundId, 750);
      const { receiptNumber } = confirmed.json().payment as { receiptNumber: string };
      const mailed = () => ctx.mails.find((m) => m.subject.includes(receiptNumber));
      await new Promise((resolve) => setTimeout(resolve, atMostMs / 2));
      expect(mailed()).toBeUndefined();
      await waitFor(mailed);
      // Drawn and sent once its wait ran out, the others still in flight.
      expect(performance.now() - started).toBeGreaterThanOrEqual(atMostMs - 5);
      expect(ctx.app.requestsInFlight.count).toBe(busyAbove + 1);
    } finally {
      for (const leave of others) leave();
    }
  });
});

describe('the job queue', () => {
  it('a job sent inside a rolled-back transaction never runs', async () => {
    const jobs = ctx.app.jobs as Jobs;
    const id = '11111111-1111-4111-8111-111111111111';
    await expect(
      ctx.db.transaction(async (tx) => {
        await jobs.send(
          'mail',
          { key: 'never', mail: { to: 'x@y.z', subject: 's', text: 't' } },
          {
            id,
            tx,
          },
        );
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const rows = await ctx.database.executeSql(
      'select count(*)::int as n from pgboss.job where id = $1',
      [id],
    );
    expect(rows.rows[0]).toEqual({ n: 0 });
  });

  it(`runs on ${TEST_DB_KIND}`, () => {
    expect(ctx.app.jobs).toBeInstanceOf(Jobs);
  });
});
