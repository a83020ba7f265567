import { readFileSync } from 'node:fs';
import { and, countDistinct, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fundEvents, funds, payments } from '../src/db/schema';
import { createDonation, createFund } from '../src/seed/factories';
import {
  as,
  createSignedInUser,
  type TestContext,
  holdFund,
  payoutAccountOf,
  useTestApp,
  reportFund,
  decide,
} from './helper';
import { shortName } from '../src/modules/supporters/names';
import { confirmAtProcessor, confirmPayment, createIntent, donate } from './payments-helper';
import type { QueryInputOf } from '@easyfund/shared/api/contract';
import { resources as api } from '@easyfund/shared/api/resources';

const visitor = () => as({ app: ctx.app });

const { ctx, raiser, otherRaiser, admin, nusrat, rafiq, stranger } = useTestApp({
  raiser: { role: 'verified', name: 'Karim Hossain' },
  otherRaiser: { role: 'verified', name: 'Other Raiser' },
  admin: { role: 'admin', name: 'Site Admin' },
  nusrat: { name: 'Nusrat Jahan' },
  rafiq: { name: 'Rafiqul Islam Khan' },
  stranger: { name: 'Stranger' },
});

const newFund = (input: Partial<Parameters<typeof createFund>[1]> = {}) =>
  createFund(ctx.db, { raiserId: raiser.id, status: 'approved', ...input });

async function storedFund(id: string) {
  const [row] = await ctx.db.select().from(funds).where(eq(funds.id, id));
  return row!;
}

async function distinctDonors(fundId: string) {
  const [row] = await ctx.db
    .select({ n: countDistinct(payments.userId) })
    .from(payments)
    .where(and(eq(payments.fundId, fundId), eq(payments.status, 'succeeded')));
  return row!.n;
}

describe('honest numbers: donors are distinct people', () => {
  it('counts a person who gives twice once, and every donation in the donation count', async () => {
    const fund = await newFund();
    await donate(ctx, nusrat, fund.id, 100);
    await donate(ctx, nusrat, fund.id, 200);
    await donate(ctx, rafiq, fund.id, 300);
    const res = await visitor().call(api.funds.get, { params: { id: fund.id } });
    expect(res.json()).toMatchObject({ donorCount: 2, donationCount: 3, raisedPoisha: 60_000 });
    expect(res.json().donorCount).toBe(await distinctDonors(fund.id));
  });

  it('counts one person once when two first donations are confirmed at the same time', async () => {
    const fund = await newFund();
    const intents = [];
    for (const amountTk of [100, 150]) {
      const created = await createIntent(ctx, rafiq, { fundId: fund.id, amountTk });
      const intent = created.json() as { intentId: string; clientSecret: string };
      expect((await confirmAtProcessor(ctx, intent)).statusCode).toBe(200);
      intents.push(intent);
    }
    await Promise.all(intents.map((i) => confirmPayment(ctx, rafiq, i.intentId)));
    const row = await storedFund(fund.id);
    expect(row).toMatchObject({ donorCount: 1, donationCount: 2 });
  });

  it('the migration back-fills the donor count from the succeeded payments', async () => {
    const fund = await newFund();
    await createDonation(ctx.db, { userId: nusrat.id, fundId: fund.id, amountTk: 100 });
    await createDonation(ctx.db, { userId: nusrat.id, fundId: fund.id, amountTk: 100 });
    await createDonation(ctx.db, { userId: rafiq.id, fundId: fund.id, amountTk: 100 });
    await ctx.db.update(funds).set({ donorCount: 0 }).where(eq(funds.id, fund.id));
    const backfill = readFileSync(
      new URL('../src/db/migrations/0005_donor_count_backfill.sql', import.meta.url),
      'utf8',
    );
    await ctx.db.execute(sql.raw(backfill));
    expect((await storedFund(fund.id)).donorCount).toBe(2);
  });

  it('lists and shows funds with their creation date and donor count', async () => {
    const fund = await newFund({ name: 'Numbers fund zq1' });
    const res = await visitor().call(api.funds.list, { query: { q: 'zq1' } });
    expect(res.json().items[0]).toMatchObject({
      id: fund.id,
      donorCount: 0,
      donationCount: 0,
      createdAt: fund.createdAt.toISOString(),
    });
    expect((await visitor().call(api.funds.get, { params: { id: fund.id } })).json()).toMatchObject(
      {
        id: fund.id,
        donorCount: 0,
        donationCount: 0,
        hold: null,
        holdReason: null,
        createdAt: fund.createdAt.toISOString(),
      },
    );
  });
});

describe('giving anonymously, with a message of support', () => {
  it('stores the choice and the message with the payment', async () => {
    const fund = await newFund();
    const created = await createIntent(ctx, nusrat, {
      fundId: fund.id,
      amountTk: 500,
      anonymous: true,
      supportMessage: '  Stay strong, we are with you  ',
    });
    expect(created.statusCode).toBe(201);
    const [row] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.id, created.json().paymentId));
    expect(row).toMatchObject({
      anonymous: true,
      supportMessage: 'Stay strong, we are with you',
      messageHidden: false,
    });
  });

  it('is not anonymous and has no message unless the donor says so', async () => {
    const fund = await newFund();
    const created = await createIntent(ctx, nusrat, { fundId: fund.id, amountTk: 100 });
    const [row] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.id, created.json().paymentId));
    expect(row).toMatchObject({ anonymous: false, supportMessage: null });
  });

  it.each([
    ['a message longer than 300 characters', { supportMessage: 'x'.repeat(301) }],
    ['a NUL byte', { supportMessage: 'hello\u0000world' }],
    ['another control character', { supportMessage: 'bell\u0007' }],
    ['a message that is not text', { supportMessage: 42 }],
    ['anonymous that is not a yes or no', { anonymous: 'yes' }],
  ])('refuses %s with a 400 naming the field', async (_what, extra) => {
    const fund = await newFund();
    const res = await createIntent(ctx, nusrat, { fundId: fund.id, amountTk: 100, ...extra });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {})).toEqual(Object.keys(extra));
  });
});

describe('the donor wall', () => {
  let fundId: string;
  let anonymousId: string;
  beforeAll(async () => {
    const fund = await newFund();
    fundId = fund.id;
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await createDonation(ctx.db, {
      userId: rafiq.id,
      fundId,
      amountTk: 5000,
      supportMessage: 'Get well soon',
      succeededAt: at(30),
    });
    anonymousId = (
      await createDonation(ctx.db, {
        userId: nusrat.id,
        fundId,
        amountTk: 500,
        anonymous: true,
        supportMessage: 'From a neighbour',
        succeededAt: at(20),
      })
    ).id;
    await createDonation(ctx.db, {
      userId: stranger.id,
      fundId,
      amountTk: 1000,
      succeededAt: at(10),
    });
  });

  const wall = (
    who: { app: TestContext['app']; cookie?: string },
    query: QueryInputOf<typeof api.supporters.list> = {},
  ) => as(who).call(api.supporters.list, { params: { id: fundId }, query });

  it('shows recent donations newest first, names shortened, "Anonymous" where chosen', async () => {
    const res = await wall({ app: ctx.app });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, hasMore: false, canModerate: false });
    expect(body.items.map((i) => [i.name, i.amountPoisha])).toEqual([
      ['Stranger', 100_000],
      ['Anonymous', 50_000],
      ['Rafiqul K.', 500_000],
    ]);
    expect(JSON.stringify(body)).not.toContain('Nusrat');
  });

  it('shows the raiser "Anonymous" too, and lets them moderate', async () => {
    const body = (await wall(raiser)).json();
    expect(body.canModerate).toBe(true);
    expect(body.items[1]).toMatchObject({ id: anonymousId, name: 'Anonymous', anonymous: true });
  });

  it('shows admins the whole name, and the donor their own', async () => {
    const byAdmin = (await wall(admin)).json();
    expect(byAdmin.items[1]).toMatchObject({ name: 'Nusrat Jahan', anonymous: true });
    expect(byAdmin.items[2]!.name).toBe('Rafiqul Islam Khan');
    const byDonor = (await wall(nusrat)).json();
    expect(byDonor.items[1]).toMatchObject({ name: 'Nusrat J.', anonymous: true, mine: true });
    expect(byDonor.items[0]).toMatchObject({ name: 'Stranger', mine: false });
    expect(byDonor.canModerate).toBe(false);
  });

  it('lists top donations by amount and words of support, and pages', async () => {
    const top = (await wall({ app: ctx.app }, { view: 'top' })).json();
    expect(top.items.map((i) => i.amountPoisha)).toEqual([500_000, 100_000, 50_000]);
    const words = (await wall({ app: ctx.app }, { view: 'messages' })).json();
    expect(words.items.map((i) => i.message)).toEqual(['From a neighbour', 'Get well soon']);
    const first = (await wall({ app: ctx.app }, { pageSize: 2 })).json();
    expect(first).toMatchObject({ hasMore: true, pageSize: 2 });
    expect(first.items).toHaveLength(2);
    const second = (await wall({ app: ctx.app }, { pageSize: 2, page: 2 })).json();
    expect(second).toMatchObject({ hasMore: false });
    expect(second.items.map((i) => i.name)).toEqual(['Rafiqul K.']);
  });

  it('refuses an unknown view or an oversized page with a 400', async () => {
    expect(
      (
        await visitor().send(api.supporters.list, {
          params: { id: fundId },
          query: { view: 'all' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await wall({ app: ctx.app }, { pageSize: 500 })).statusCode).toBe(400);
    expect(
      (await visitor().call(api.supporters.list, { params: { id: 'not-a-uuid' } })).statusCode,
    ).toBe(400);
  });

  it('lets the raiser hide a message (kept in the audit trail) and show it again', async () => {
    const message = { id: fundId, donationId: anonymousId };
    const hide = await as(raiser).call(api.supporters.hideMessage, {
      params: message,
      body: { hidden: true },
    });
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toEqual({ id: anonymousId, messageHidden: true });

    const publicWords = (await wall({ app: ctx.app }, { view: 'messages' })).json();
    expect(publicWords.items.map((i) => i.message)).toEqual(['Get well soon']);
    const publicRecent = (await wall({ app: ctx.app })).json();
    expect(publicRecent.items[1]).toMatchObject({ message: null, messageHidden: false });
    const raiserWords = (await wall(raiser, { view: 'messages' })).json();
    expect(raiserWords.items[0]).toMatchObject({
      message: 'From a neighbour',
      messageHidden: true,
    });

    const [event] = await ctx.db
      .select()
      .from(fundEvents)
      .where(and(eq(fundEvents.fundId, fundId), eq(fundEvents.action, 'message_hidden')));
    expect(event).toMatchObject({
      actorId: raiser.id,
      before: { donationId: anonymousId, message: 'From a neighbour', hidden: false },
    });

    const show = await as(admin).call(api.supporters.hideMessage, {
      params: message,
      body: { hidden: false },
    });
    expect(show.json().messageHidden).toBe(false);
    expect((await wall({ app: ctx.app }, { view: 'messages' })).json().items).toHaveLength(2);
  });

  it('does not let a donor, another raiser or a visitor hide a message', async () => {
    const message = { id: fundId, donationId: anonymousId };
    expect(
      (
        await as(nusrat).call(api.supporters.hideMessage, {
          params: message,
          body: { hidden: true },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await as(otherRaiser).call(api.supporters.hideMessage, {
          params: message,
          body: { hidden: true },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await visitor().call(api.supporters.hideMessage, {
          params: message,
          body: { hidden: true },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await as(raiser).send(api.supporters.hideMessage, {
          params: message,
          body: { hidden: 'yes' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('answers 404 for a donation of another fund or one without a message', async () => {
    const other = await newFund();
    const elsewhere = await createDonation(ctx.db, {
      userId: rafiq.id,
      fundId: other.id,
      amountTk: 100,
      supportMessage: 'Elsewhere',
    });
    const silent = await createDonation(ctx.db, { userId: rafiq.id, fundId, amountTk: 100 });
    for (const id of [elsewhere.id, silent.id]) {
      const res = await as(raiser).call(api.supporters.hideMessage, {
        params: { id: fundId, donationId: id },
        body: { hidden: true },
      });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('the organiser card', () => {
  it('shows the raiser, the verified badge, member since, approved funds and total raised', async () => {
    const organiser = await createSignedInUser(ctx, { role: 'verified', name: 'Salma Akter' });
    const a = await createFund(ctx.db, { raiserId: organiser.id, status: 'approved' });
    const b = await createFund(ctx.db, { raiserId: organiser.id, status: 'approved' });
    await createFund(ctx.db, { raiserId: organiser.id, status: 'pending' });
    await createDonation(ctx.db, { userId: nusrat.id, fundId: a.id, amountTk: 1000 });
    await createDonation(ctx.db, { userId: rafiq.id, fundId: b.id, amountTk: 250 });
    const res = await visitor().call(api.organisers.get, { params: { id: a.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Salma Akter',
      image: '/images/avatar.svg',
      verified: true,
      memberSince: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      fundCount: 2,
      totalRaisedPoisha: 125_000,
    });
  });

  it('is a 404 for a fund the visitor may not see', async () => {
    const pending = await newFund({ status: 'pending' });
    expect(
      (await visitor().call(api.organisers.get, { params: { id: pending.id } })).statusCode,
    ).toBe(404);
    expect(
      (await as(raiser).call(api.organisers.get, { params: { id: pending.id } })).statusCode,
    ).toBe(200);
  });
});

describe('reporting a fund', () => {
  it('files a report that admins see in their queue and can resolve', async () => {
    const fund = await newFund({ name: 'Reported fund' });
    const res = await reportFund(stranger, fund.id, {
      reason: 'fraud',
      details: 'The same photos are on another site.',
    });
    expect(res.statusCode).toBe(201);
    const queue = (await as(admin).call(api.reports.list)).json();
    const item = queue.items.find((r) => r.id === res.json().id)!;
    expect(item).toMatchObject({
      fund: { id: fund.id, name: 'Reported fund' },
      reporter: { id: stranger.id, name: 'Stranger' },
      reason: 'fraud',
      details: 'The same photos are on another site.',
      status: 'open',
      resolvedAt: null,
    });
    const resolved = await as(admin).call(api.reports.resolve, {
      params: { id: item.id },
      body: { status: 'resolved' },
    });
    expect(resolved.json()).toMatchObject({ status: 'resolved' });
    const open = (await as(admin).call(api.reports.list)).json();
    expect(open.items.map((r) => r.id)).not.toContain(item.id);
    const done = (await as(admin).call(api.reports.list, { query: { status: 'resolved' } })).json();
    expect(done.items.map((r) => r.id)).toContain(item.id);
  });

  it.each([
    ['no reason', { details: 'Something' }, 'reason'],
    ['an unknown reason', { reason: 'boring', details: 'Something' }, 'reason'],
    ['empty details', { reason: 'other', details: '   ' }, 'details'],
    ['details with a NUL byte', { reason: 'other', details: 'a\u0000b' }, 'details'],
    ['details that are too long', { reason: 'other', details: 'x'.repeat(2001) }, 'details'],
  ])('refuses %s with a 400', async (_what, payload, field) => {
    const fund = await newFund();
    const res = await as(stranger).send(api.reports.create, {
      params: { id: fund.id },
      body: payload,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual([field]);
  });

  it('is a 404 for a fund the reporter may not see, and a 401 for a visitor', async () => {
    const pending = await newFund({ status: 'pending' });
    const report = { reason: 'other', details: 'Hmm' } as const;
    expect((await reportFund(stranger, pending.id, report)).statusCode).toBe(404);
    const fund = await newFund();
    expect((await reportFund(ctx, fund.id, report)).statusCode).toBe(401);
  });
});

describe('sorting the list and related funds', () => {
  it('sorts by nearly funded (fully funded last) and by most donors', async () => {
    const word = `srt${Date.now().toString(36)}`;
    const half = await newFund({ name: `Half ${word}`, goalTk: 1000, suggestedTk: 10 });
    const most = await newFund({ name: `Most ${word}`, goalTk: 1000, suggestedTk: 10 });
    const full = await newFund({ name: `Full ${word}`, goalTk: 1000, suggestedTk: 10 });
    const none = await newFund({ name: `None ${word}`, goalTk: 1000, suggestedTk: 10 });
    await createDonation(ctx.db, { userId: nusrat.id, fundId: half.id, amountTk: 500 });
    await createDonation(ctx.db, { userId: nusrat.id, fundId: most.id, amountTk: 400 });
    await createDonation(ctx.db, { userId: rafiq.id, fundId: most.id, amountTk: 400 });
    await createDonation(ctx.db, { userId: stranger.id, fundId: most.id, amountTk: 100 });
    await createDonation(ctx.db, { userId: nusrat.id, fundId: full.id, amountTk: 1500 });
    const ids = async (sort: string) =>
      (await visitor().call(api.funds.list, { query: { q: word, sort } }))
        .json()
        .items.map((f) => f.id);
    expect(await ids('nearly-funded')).toEqual([most.id, half.id, none.id, full.id]);
    expect((await ids('most-donors'))[0]).toBe(most.id);
    expect(await ids('newest')).toEqual([none.id, full.id, most.id, half.id]);
    expect((await visitor().call(api.funds.list, { query: { sort: 'best' } })).statusCode).toBe(
      400,
    );
  });

  it('sorts by most donors across orders of size, the newest first among equals', async () => {
    const word = `dnr${Date.now().toString(36)}`;
    const made: { id: string; donors: number }[] = [];
    // Counts in one order of size (300, 280), apart (40, 3, 0), and two equal (40).
    for (const donors of [40, 300, 0, 280, 3, 40]) {
      const fund = await newFund({ name: `Donors ${donors} ${word}` });
      await ctx.db.update(funds).set({ donorCount: donors }).where(eq(funds.id, fund.id));
      made.push({ id: fund.id, donors });
    }
    const page = (
      await visitor().call(api.funds.list, { query: { q: word, sort: 'most-donors' } })
    ).json() as { items: { id: string; donorCount: number }[] };
    expect(page.items.map((f) => f.donorCount)).toEqual([300, 280, 40, 40, 3, 0]);
    // The two funds of 40 donors: the newer first.
    expect(page.items[2]!.id).toBe(made[5]!.id);
    expect(page.items[3]!.id).toBe(made[0]!.id);
  });

  it('leaves one fund out for related funds of the same cause', async () => {
    const word = `rel${Date.now().toString(36)}`;
    const a = await newFund({ name: `A ${word}`, cause: 'social-care' });
    const b = await newFund({ name: `B ${word}`, cause: 'social-care' });
    await newFund({ name: `C ${word}`, cause: 'education' });
    const res = await visitor().call(api.funds.list, {
      query: { q: word, cause: 'social-care', exclude: a.id },
    });
    expect(res.json().items.map((f) => f.id)).toEqual([b.id]);
  });
});

describe('edits of an approved fund go back to review', () => {
  it('keeps the approved version public while a material edit waits for an admin', async () => {
    const fund = await newFund({ name: 'Approved name', goalTk: 10_000 });
    const res = await as(raiser).call(api.funds.update, {
      params: { id: fund.id },
      body: { name: 'Changed name', goalTk: 20_000, cause: 'health-care' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Approved name',
      goalPoisha: 1_000_000,
      cause: 'health-care',
      status: 'approved',
      pendingChange: { name: 'Changed name', goalPoisha: 2_000_000 },
    });
    const shown = (await visitor().call(api.funds.get, { params: { id: fund.id } })).json();
    expect(shown).toMatchObject({ name: 'Approved name', goalPoisha: 1_000_000 });
    expect(shown).not.toHaveProperty('pendingChange');
    const adminList = (await as(admin).call(api.funds.adminList)).json();
    expect(adminList.items[0]).toMatchObject({
      id: fund.id,
      pendingChange: { name: 'Changed name', goalPoisha: 2_000_000 },
    });

    const approve = await as(admin).call(api.funds.decideChange, {
      params: { id: fund.id },
      body: {
        status: 'approved',
        version: adminList.items[0]!.version,
      },
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toMatchObject({ name: 'Changed name', pendingChange: null });
    expect((await visitor().call(api.funds.get, { params: { id: fund.id } })).json()).toMatchObject(
      { name: 'Changed name', goalPoisha: 2_000_000 },
    );
    const actions = (
      await ctx.db.select().from(fundEvents).where(eq(fundEvents.fundId, fund.id))
    ).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['updated', 'change_proposed', 'change_approved']),
    );
  });

  it('keeps the approved version when the change is denied, and merges later edits', async () => {
    const fund = await newFund({ name: 'Keep me' });
    await as(raiser).call(api.funds.update, {
      params: { id: fund.id },
      body: { name: 'First try' },
    });
    const second = await as(raiser).call(api.funds.update, {
      params: { id: fund.id },
      body: { description: 'A new story' },
    });
    expect(second.json().pendingChange).toMatchObject({
      name: 'First try',
      description: 'A new story',
    });
    const deny = await decide(admin, 'fundChange', fund.id, {
      status: 'denied',
      feedback: 'Please keep the name',
    });
    expect(deny.json()).toMatchObject({ name: 'Keep me', pendingChange: null });
    const again = await decide(admin, 'fundChange', fund.id, { status: 'approved' });
    expect(again.statusCode).toBe(404);
  });

  it('applies edits of a fund still waiting for its first review at once', async () => {
    const fund = await newFund({ status: 'pending', name: 'Draft' });
    const res = await as(raiser).call(api.funds.update, {
      params: { id: fund.id },
      body: { name: 'Better draft' },
    });
    expect(res.json()).toMatchObject({ name: 'Better draft', pendingChange: null });
  });

  it('refuses a suggested amount above the goal waiting for review', async () => {
    const fund = await newFund({ goalTk: 10_000, suggestedTk: 100 });
    await as(raiser).call(api.funds.update, { params: { id: fund.id }, body: { goalTk: 1000 } });
    const res = await as(raiser).call(api.funds.update, {
      params: { id: fund.id },
      body: { goalTk: 1000, suggestedTk: 5000 },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('admins suspend and close funds', () => {
  const hold = (id: string, body: object) => holdFund(admin, id, body);

  it('a suspended fund shows its reason, leaves the list and takes no donations, but its money stays withdrawable', async () => {
    const fund = await newFund({ name: 'Suspended zq2' });
    await createDonation(ctx.db, { userId: nusrat.id, fundId: fund.id, amountTk: 1000 });
    const res = await hold(fund.id, { action: 'suspend', reason: 'Under investigation' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ hold: 'suspended', holdReason: 'Under investigation' });

    const page = await visitor().call(api.funds.get, { params: { id: fund.id } });
    expect(page.json()).toMatchObject({ hold: 'suspended', holdReason: 'Under investigation' });
    expect((await visitor().call(api.funds.list, { query: { q: 'zq2' } })).json().total).toBe(0);
    const intent = await createIntent(ctx, rafiq, { fundId: fund.id, amountTk: 100 });
    expect(intent.statusCode).toBe(409);
    expect(intent.json().error.code).toBe('fund_on_hold');
    expect((await as(rafiq).call(api.cart.add, { body: { fundId: fund.id } })).statusCode).toBe(
      404,
    );
    const withdrawal = await as(raiser).call(api.withdrawals.request, {
      body: {
        payoutAccountId: await payoutAccountOf(raiser),
        fundId: fund.id,
        amountTk: 500,
      },
    });
    expect(withdrawal.statusCode).toBe(201);

    const lifted = await hold(fund.id, { action: 'lift' });
    expect(lifted.json()).toMatchObject({ hold: null, holdReason: null });
    expect((await createIntent(ctx, rafiq, { fundId: fund.id, amountTk: 100 })).statusCode).toBe(
      201,
    );
  });

  it('closing is final', async () => {
    const fund = await newFund();
    expect((await hold(fund.id, { action: 'close', reason: 'Goal met offline' })).statusCode).toBe(
      200,
    );
    const lift = await hold(fund.id, { action: 'lift' });
    expect(lift.statusCode).toBe(409);
    expect((await hold(fund.id, { action: 'suspend', reason: 'x' })).statusCode).toBe(409);
    expect((await storedFund(fund.id)).hold).toBe('closed');
  });

  it('needs a reason to suspend or close, and a known action', async () => {
    const fund = await newFund();
    const noReason = await hold(fund.id, { action: 'suspend' });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().error.fields)).toEqual(['reason']);
    expect((await hold(fund.id, { action: 'delete', reason: 'x' })).statusCode).toBe(400);
    expect((await hold(fund.id, { action: 'lift' })).statusCode).toBe(409);
    expect(
      (await hold('00000000-0000-4000-8000-000000000000', { action: 'close', reason: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('is for admins only', async () => {
    const fund = await newFund();
    const res = await as(raiser).call(api.funds.hold, {
      params: { id: fund.id },
      body: { action: 'close', reason: 'mine', version: 1 },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('shortened names', () => {
  it('keeps the first name and the initial of the last', () => {
    expect(shortName('Nusrat Jahan')).toBe('Nusrat J.');
    expect(shortName('  Rafiqul   Islam Khan ')).toBe('Rafiqul K.');
    expect(shortName('Madonna')).toBe('Madonna');
    expect(shortName('নুসরাত জাহান')).toBe('নুসরাত জা.');
  });
});
