import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { spendingReports, user } from '../src/db/schema';
import { setSubscription } from '../src/modules/updates/subscriptions';
import { createDonation, createFund } from '../src/seed/factories';
import { resources as api } from '@easyfund/shared/api/resources';
import type { BodyInputOf } from '@easyfund/shared/api/contract';
import {
  approveAndPay,
  as,
  createSignedInUser,
  holdFund,
  jobsDone,
  type SignedInUser,
  shownVersion,
  payoutAccountOf,
} from './helper';
import { usePayoutDesk } from './support/payout-desk';

/**
 * Spending reports: a raiser reports how a paid payout was spent, an admin approves or
 * denies it (with a reason), it then shows under "Where the money went" and is mailed to
 * the donors who asked for news; a payout paid 30 days ago without one is "report due".
 */
const { ctx, admin, otherAdmin, donor } = usePayoutDesk();

const REPORT = {
  body: 'We bought school books and paid the tutor.',
  lines: [
    { label: 'School books', amountTk: '৩০০' },
    { label: 'Tutor, November', amountTk: 200 },
  ],
  photos: ['https://example.org/receipt.jpg'],
};

async function paidPayout(opts: { paidOn?: string; by?: SignedInUser } = {}) {
  const raiser = opts.by ?? (await createSignedInUser(ctx, { role: 'verified' }));
  const fund = await createFund(ctx.db, { raiserId: raiser.id, status: 'approved' });
  await createDonation(ctx.db, { userId: donor.id, fundId: fund.id, amountTk: 1000 });
  const res = await as(raiser).call(api.withdrawals.request, {
    body: {
      payoutAccountId: await payoutAccountOf(raiser),
      fundId: fund.id,
      amountTk: 500,
    },
  });
  expect(res.statusCode).toBe(201);
  const w = res.json();
  const approver = raiser.id === admin.id ? otherAdmin : admin;
  await approveAndPay(approver, w.id, {
    method: 'bkash',
    amountTk: 500,
    reference: 'BKA7X9QZ21',
    paidOn: opts.paidOn ?? '2026-11-20',
  });
  return { raiser, fund, w };
}

const post = (
  raiser: SignedInUser,
  id: string,
  body: BodyInputOf<typeof api.spending.create> = REPORT,
) => as(raiser).call(api.spending.create, { params: { id }, body });

const decide = async (
  id: string,
  body: Omit<BodyInputOf<typeof api.spending.decide>, 'version'>,
  by = admin,
) =>
  as(by).call(api.spending.decide, {
    params: { id },
    body: {
      version: await shownVersion(by, api.spending.adminList.path, id),
      ...body,
    },
  });

const publicTrail = async (fundId: string) =>
  (await as(ctx).call(api.withdrawals.fundPayouts, { params: { id: fundId } })).json();

describe('posting a spending report', () => {
  it('stores the lines in poisha (Bangla digits read), their total and photos, pending and not public', async () => {
    const { raiser, fund, w } = await paidPayout();
    const res = await post(raiser, w.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      withdrawalId: w.id,
      status: 'pending',
      lines: [
        { label: 'School books', amountPoisha: 30_000 },
        { label: 'Tutor, November', amountPoisha: 20_000 },
      ],
      totalPoisha: 50_000,
      photos: REPORT.photos,
    });
    expect((await publicTrail(fund.id)).items[0]!.report).toBeNull();
    const mine = (await as(raiser).call(api.withdrawals.mine)).json().items;
    expect(mine[0]).toMatchObject({ id: w.id, spendingReport: { status: 'pending' } });
    const events = (await as(admin).call(api.funds.events, { params: { id: fund.id } })).json();
    expect(events.items.map((e) => e.action)).toContain('spending_report_posted');
  });

  it('refuses bad input with field messages (400)', async () => {
    const { raiser, w } = await paidPayout();
    const cases: [object, string][] = [
      [{ ...REPORT, lines: [] }, 'lines'],
      [{ ...REPORT, lines: [{ label: 'Books', amountTk: '1e3' }] }, 'lines.0.amountTk'],
      [{ ...REPORT, lines: [{ label: 'Books', amountTk: '12.5' }] }, 'lines.0.amountTk'],
      [{ ...REPORT, lines: [{ label: '', amountTk: 10 }] }, 'lines.0.label'],
      [{ ...REPORT, body: '' }, 'body'],
      [{ ...REPORT, photos: ['http://example.org/a.jpg'] }, 'photos.0'],
    ];
    for (const [body, field] of cases) {
      const res = await as(raiser).send(api.spending.create, { params: { id: w.id }, body });
      expect(res.statusCode, field).toBe(400);
      expect(JSON.stringify(res.json()), field).toContain(field);
    }
  });

  it("refuses someone else's payout (404), an unpaid one, a second waiting and a published one (409)", async () => {
    const { raiser, fund, w } = await paidPayout();
    const other = await createSignedInUser(ctx, { role: 'verified' });
    expect((await post(other, w.id)).statusCode).toBe(404);
    expect((await post(admin, w.id)).statusCode).toBe(404);
    const unpaid = await as(raiser).call(api.withdrawals.request, {
      body: {
        payoutAccountId: await payoutAccountOf(raiser),
        fundId: fund.id,
        amountTk: 100,
      },
    });
    const notPaid = await post(raiser, unpaid.json().id);
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().error.code).toBe('not_paid');
    const first = await post(raiser, w.id);
    expect(first.statusCode).toBe(201);
    const again = await post(raiser, w.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('report_pending_review');
    expect((await decide(first.json().id, { status: 'approved' })).statusCode).toBe(200);
    const published = await post(raiser, w.id);
    expect(published.statusCode).toBe(409);
    expect(published.json().error.code).toBe('report_published');
  });
});

describe('reviewing a spending report', () => {
  it('approves: public under "Where the money went", the raiser and opted-in donors mailed in their language', async () => {
    const { raiser, fund, w } = await paidPayout();
    const fan = await createSignedInUser(ctx, { name: 'Nusrat Jahan' });
    await createDonation(ctx.db, { userId: fan.id, fundId: fund.id, amountTk: 100 });
    await setSubscription(ctx.db, fan.id, fund.id, true);
    await ctx.db.update(user).set({ language: 'bn' }).where(eq(user.id, fan.id));
    const quiet = await createSignedInUser(ctx);
    await createDonation(ctx.db, { userId: quiet.id, fundId: fund.id, amountTk: 100 });
    await setSubscription(ctx.db, quiet.id, fund.id, false);
    const report = (await post(raiser, w.id)).json();
    const waiting = (await as(admin).call(api.spending.adminList)).json();
    expect(waiting.items.map((r) => r.id)).toContain(report.id);

    await jobsDone(ctx);
    const before = ctx.mails.length;
    const res = await decide(report.id, { status: 'approved' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', decidedBy: { id: admin.id } });
    await jobsDone(ctx);
    const sent = ctx.mails.slice(before);
    expect(sent.map((m) => m.to).sort()).toEqual([raiser.email, fan.email].sort());
    const fanMail = sent.find((m) => m.to === fan.email)!;
    expect(fanMail.subject).toContain('টাকা কোথায় গেল');
    expect(fanMail.text).toContain(REPORT.body);
    expect(fanMail.headers?.['List-Unsubscribe']).toContain('/api/updates/unsubscribe/');
    expect(sent.find((m) => m.to === raiser.email)!.subject).toContain('was approved');

    const trail = await publicTrail(fund.id);
    expect(trail.items[0]).toMatchObject({
      id: w.id,
      report: { body: REPORT.body, totalPoisha: 50_000, photos: REPORT.photos },
    });
    const events = (await as(admin).call(api.funds.events, { params: { id: fund.id } })).json();
    expect(events.items.map((e) => e.action)).toContain('spending_report_approved');
  });

  it('denies only with a reason; the raiser is mailed it and may post a new report', async () => {
    const { raiser, fund, w } = await paidPayout();
    const report = (await post(raiser, w.id)).json();
    const noReason = await decide(report.id, { status: 'denied' });
    expect(noReason.statusCode).toBe(400);
    expect(JSON.stringify(noReason.json())).toContain('feedback');
    await jobsDone(ctx);
    const before = ctx.mails.length;
    const res = await decide(report.id, { status: 'denied', feedback: 'Add the receipts' });
    expect(res.statusCode).toBe(200);
    await jobsDone(ctx);
    const sent = ctx.mails.slice(before);
    expect(sent.map((m) => m.to)).toEqual([raiser.email]);
    expect(sent[0]!.text).toContain('Add the receipts');
    expect((await publicTrail(fund.id)).items[0]!.report).toBeNull();
    const mine = (await as(raiser).call(api.withdrawals.mine)).json().items;
    expect(mine[0]).toMatchObject({
      spendingReport: { status: 'denied', feedback: 'Add the receipts' },
    });
    expect((await post(raiser, w.id)).statusCode).toBe(201);
  });

  it('refuses a decided report, a changed version, an own payout, an unknown id and a taken-down fund', async () => {
    const { raiser, fund, w } = await paidPayout();
    const report = (await post(raiser, w.id)).json();
    const stale = await as(admin).call(api.spending.decide, {
      params: { id: report.id },
      body: { status: 'approved', version: 7 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('changed_since_viewed');
    const unknown = await as(admin).call(api.spending.decide, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      body: { status: 'approved', version: 1 },
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await holdFund(otherAdmin, fund.id, { action: 'suspend', reason: 'Checks' })).statusCode,
    ).toBeLessThan(300);
    const held = await decide(report.id, { status: 'approved' });
    expect(held.statusCode).toBe(409);
    expect(held.json().error.code).toBe('fund_on_hold');
    expect(
      (await decide(report.id, { status: 'denied', feedback: 'Fund on hold' })).statusCode,
    ).toBe(200);
    const twice = await as(admin).call(api.spending.decide, {
      params: { id: report.id },
      body: {
        status: 'approved',
        version: (
          await ctx.db.select().from(spendingReports).where(eq(spendingReports.id, report.id))
        )[0]!.version,
      },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('already_decided');

    const mine = await paidPayout({ by: admin });
    const own = (await post(admin, mine.w.id)).json();
    const refused = await decide(own.id, { status: 'approved' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('own_request');
    expect((await decide(own.id, { status: 'approved' }, otherAdmin)).statusCode).toBe(200);
  });

  it('the database refuses editing a decided report', async () => {
    const { raiser, w } = await paidPayout();
    const report = (await post(raiser, w.id)).json();
    expect((await decide(report.id, { status: 'approved' })).statusCode).toBe(200);
    await expect(
      ctx.db
        .update(spendingReports)
        .set({ body: 'Changed' })
        .where(eq(spendingReports.id, report.id)),
    ).rejects.toThrow();
  });
});

describe('report due', () => {
  const overview = async () => (await as(admin).call(api.overview.get)).json();
  const myFund = async (raiser: SignedInUser, fundId: string) =>
    (await as(raiser).call(api.funds.mine)).json().items.find((f) => f.id === fundId)!;
  const adminFund = async (fundId: string) =>
    (await as(admin).call(api.funds.adminList, { query: { pageSize: 100 } }))
      .json()
      .items.find((f) => f.id === fundId)!;

  it('shows a payout paid 30 days ago without an approved report as due to its raiser and admins', async () => {
    const before = await overview();
    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60_000).toISOString().slice(0, 10);
    const { raiser, fund, w } = await paidPayout({ paidOn: longAgo });
    const today = new Date().toISOString().slice(0, 10);
    const recent = await paidPayout({ by: raiser, paidOn: today });
    const mine = (await as(raiser).call(api.withdrawals.mine)).json().items;
    expect(mine.find((x) => x.id === w.id)!.reportDue).toBe(true);
    expect(mine.find((x) => x.id === recent.w.id)!.reportDue).toBe(false);
    const listed = (
      await as(admin).call(api.withdrawals.list, { query: { status: 'paid', pageSize: 100 } })
    ).json().items;

    expect(listed.find((x) => x.id === w.id)!.reportDue).toBe(true);
    // The fund is marked too: in the raiser's fund list, the admins' and the overview.
    expect((await myFund(raiser, fund.id)).reportDue).toBe(true);
    expect((await myFund(raiser, recent.fund.id)).reportDue).toBe(false);
    expect((await adminFund(fund.id)).reportDue).toBe(true);
    expect((await adminFund(recent.fund.id)).reportDue).toBe(false);
    expect((await overview()).reportsDue).toBe(before.reportsDue + 1);
    // Another raiser sees no such mark on their own funds.
    const stranger = await createSignedInUser(ctx, { role: 'verified' });
    expect((await as(stranger).call(api.funds.mine)).json().items).toEqual([]);

    // A waiting report does not end it (the admins' queue counts it); an approved one does.
    const report = (await post(raiser, w.id)).json();
    expect((await overview()).waiting.spendingReports).toBe(before.waiting.spendingReports + 1);
    expect(
      (await as(raiser).call(api.withdrawals.mine)).json().items.find((x) => x.id === w.id)
        ?.reportDue,
    ).toBe(true);
    expect((await myFund(raiser, fund.id)).reportDue).toBe(true);
    expect((await decide(report.id, { status: 'approved' })).statusCode).toBe(200);
    expect(
      (await as(raiser).call(api.withdrawals.mine)).json().items.find((x) => x.id === w.id)
        ?.reportDue,
    ).toBe(false);
    expect((await myFund(raiser, fund.id)).reportDue).toBe(false);
    expect((await adminFund(fund.id)).reportDue).toBe(false);
    const after = await overview();
    expect(after.reportsDue).toBe(before.reportsDue);
    expect(after.waiting.spendingReports).toBe(before.waiting.spendingReports);
  });

  it('is due from the 30th day after the payout day, not before', async () => {
    const day = (daysAgo: number) =>
      new Date(Date.now() - daysAgo * 24 * 60 * 60_000).toISOString().slice(0, 10);
    const due = await paidPayout({ paidOn: day(30) });
    const notYet = await paidPayout({ paidOn: day(29) });
    expect((await myFund(due.raiser, due.fund.id)).reportDue).toBe(true);
    expect((await myFund(notYet.raiser, notYet.fund.id)).reportDue).toBe(false);
  });
});
