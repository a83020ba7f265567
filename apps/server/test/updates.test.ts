import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fundSubscriptions, fundUpdates, payments } from '../src/db/schema';
import { createFund } from '../src/seed/factories';
import { unsubscribeToken } from '../src/modules/updates/subscriptions';
import { as, createSignedInUser, jobsDone, type SignedInUser, useTestApp, urlOf } from './helper';
import { confirmAtProcessor, confirmPayment, createIntent, payByWallet } from './payments-helper';
import { resources as api } from '@easyfund/shared/api/resources';

const { ctx, raiser, otherRaiser, admin } = useTestApp({
  raiser: { role: 'verified', name: 'Karim Hossain' },
  otherRaiser: { role: 'verified', name: 'Other Raiser' },
  admin: { role: 'admin', name: 'Ayesha Admin' },
});

/** A donation through the real flow, with the pay step's "Tell me how this fund is doing". */
async function donate(who: SignedInUser, fundId: string, updatesOptIn?: boolean) {
  const created = await createIntent(ctx, who, {
    fundId,
    amountTk: 100,
    ...(updatesOptIn === undefined ? {} : { updatesOptIn }),
  });
  expect(created.statusCode).toBe(201);
  const intent = created.json() as { intentId: string; clientSecret: string };
  await confirmAtProcessor(ctx, intent);
  expect((await confirmPayment(ctx, who, intent.intentId)).statusCode).toBe(200);
}

/**
 * A wallet donation through the embedded test checkout (bKash): the checkout, the
 * gateway page's number and OTP, the IPN. The opt-in travels with the checkout.
 */
async function donateByWallet(who: SignedInUser, fundId: string, updatesOptIn?: boolean) {
  const { paymentId, paid } = await payByWallet(ctx, who, {
    fundId,
    amountTk: 100,
    method: 'bkash',
    ...(updatesOptIn === undefined ? {} : { updatesOptIn }),
  });
  expect(paid.statusCode).toBe(200);
  const [row] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  expect(row?.status).toBe('succeeded');
}

const post = (who: SignedInUser, fundId: string, payload: object) =>
  as(who).send(api.updates.create, { params: { id: fundId }, body: payload });

const decide = (id: string, status: 'approved' | 'denied', feedback?: string) =>
  as(admin).call(api.updates.decide, { params: { id }, body: { status, feedback } });

const publicUpdates = async (fundId: string) =>
  (await as(ctx).call(api.updates.list, { params: { id: fundId } })).json();

/** An approved fund whose first update an admin approved: its next updates publish at once. */
async function openFund(input: { name?: string } = {}) {
  const fund = await createFund(ctx.db, { raiserId: raiser.id, ...input });
  const first = await post(raiser, fund.id, { body: 'We have started.' });
  expect(first.statusCode).toBe(201);
  expect((await decide(first.json().id, 'approved')).statusCode).toBe(200);
  await jobsDone(ctx);
  return fund;
}

describe('updates from the organiser', () => {
  it('lets the raiser post to an own approved fund and lists updates newest first', async () => {
    const fund = await createFund(ctx.db, { raiserId: raiser.id });
    const first = await post(raiser, fund.id, { body: 'We bought the first 100 books.' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      body: 'We bought the first 100 books.',
      image: null,
      authorName: 'Karim Hossain',
      status: 'pending',
    });
    expect((await decide(first.json().id, 'approved')).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    const second = await post(raiser, fund.id, {
      body: 'The uniforms arrived.',
      image: '/images/funds/education.webp',
    });
    expect(second.statusCode).toBe(201);

    const visitor = await as(ctx).call(api.updates.list, { params: { id: fund.id } });
    expect(visitor.statusCode).toBe(200);
    const list = visitor.json();
    expect(list.items.map((u) => u.body)).toEqual([
      'The uniforms arrived.',
      'We bought the first 100 books.',
    ]);
    expect(list.total).toBe(2);
    expect(list.canPost).toBe(false);
    const own = await as(raiser).call(api.updates.list, { params: { id: fund.id } });
    expect(own.json()).toMatchObject({ canPost: true });
  });

  it("refuses another raiser's fund as not found and a pending fund as a conflict, storing nothing", async () => {
    const fund = await createFund(ctx.db, { raiserId: raiser.id });
    const pending = await createFund(ctx.db, { raiserId: raiser.id, status: 'pending' });
    expect((await post(otherRaiser, fund.id, { body: 'Not mine' })).statusCode).toBe(404);
    expect((await post(admin, fund.id, { body: 'Admin is not the organiser' })).statusCode).toBe(
      404,
    );
    const refused = await post(raiser, pending.id, { body: 'Too early' });
    expect(refused.statusCode).toBe(409);
    const rows = await ctx.db.select().from(fundUpdates).where(eq(fundUpdates.fundId, fund.id));
    expect(rows).toHaveLength(0);
  });

  it('validates the text and the image address with field messages', async () => {
    const fund = await createFund(ctx.db, { raiserId: raiser.id });
    const empty = await post(raiser, fund.id, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toMatchObject({ body: 'This field is required' });
    const badImage = await post(raiser, fund.id, {
      body: 'Photo',
      image: 'javascript:alert(1)',
    });
    expect(badImage.statusCode).toBe(400);
    expect(badImage.json().error.fields.image).toBeDefined();
    const tooLong = await post(raiser, fund.id, { body: 'x'.repeat(5001) });
    expect(tooLong.statusCode).toBe(400);
  });

  it('refuses visitors and donors without the raiser role', async () => {
    const fund = await createFund(ctx.db, { raiserId: raiser.id });
    const donor = await createSignedInUser(ctx);
    expect(
      (await as(ctx).call(api.updates.create, { params: { id: fund.id }, body: { body: 'x' } }))
        .statusCode,
    ).toBe(401);
    expect((await post(donor, fund.id, { body: 'x' })).statusCode).toBe(403);
  });

  it("hides a pending fund's updates from the public", async () => {
    const pending = await createFund(ctx.db, { raiserId: raiser.id, status: 'pending' });
    expect((await as(ctx).call(api.updates.list, { params: { id: pending.id } })).statusCode).toBe(
      404,
    );
  });
});

describe('update e-mails', () => {
  it('mails donors who opted in, not those who opted out or never gave, with a one-click unsubscribe', async () => {
    const fund = await openFund({ name: 'Flood relief mail test' });
    const yes = await createSignedInUser(ctx, { name: 'Nusrat Jahan' });
    const no = await createSignedInUser(ctx, { name: 'Opted Out' });
    const never = await createSignedInUser(ctx, { name: 'Never Paid' });
    await donate(yes, fund.id); // on by default
    await donate(no, fund.id, false);
    // Started a payment, asked for news, but never paid: not a donor.
    expect((await createIntent(ctx, never, { fundId: fund.id, amountTk: 100 })).statusCode).toBe(
      201,
    );

    await jobsDone(ctx);
    const before = ctx.mails.length;
    expect((await post(raiser, fund.id, { body: 'The boats reached Sunamganj.' })).statusCode).toBe(
      201,
    );
    await jobsDone(ctx);
    const sent = ctx.mails.slice(before);
    expect(sent.map((m) => m.to)).toEqual([yes.email]);
    const mail = sent[0]!;
    expect(mail.subject).toBe('News from "Flood relief mail test"');
    expect(mail.text).toContain('The boats reached Sunamganj.');
    const token = unsubscribeToken(ctx.config.authSecret, yes.id, fund.id);
    expect(mail.text).toContain(`http://localhost:3000/unsubscribe/${token}`);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<http://localhost:3000/api/updates/unsubscribe/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('mails wallet donors who opted in, not those who opted out', async () => {
    const fund = await openFund({ name: 'Wallet news test' });
    const yes = await createSignedInUser(ctx, { name: 'Sadia Wallet' });
    const byDefault = await createSignedInUser(ctx, { name: 'Tanvir Wallet' });
    const no = await createSignedInUser(ctx, { name: 'Imran Wallet' });
    await donateByWallet(yes, fund.id, true);
    await donateByWallet(byDefault, fund.id);
    await donateByWallet(no, fund.id, false);

    await jobsDone(ctx);
    const before = ctx.mails.length;
    expect((await post(raiser, fund.id, { body: 'Wells dug in Khulna.' })).statusCode).toBe(201);
    await jobsDone(ctx);
    const sent = ctx.mails.slice(before);
    expect(sent.map((m) => m.to).sort()).toEqual([yes.email, byDefault.email].sort());
    expect(sent[0]!.text).toContain('Wells dug in Khulna.');
  });

  it('unsubscribes with the signed link and no sign-in: GET only reads, POST stops the mails', async () => {
    const fund = await openFund({ name: 'Unsubscribe test' });
    const donor = await createSignedInUser(ctx);
    await donate(donor, fund.id);
    const token = unsubscribeToken(ctx.config.authSecret, donor.id, fund.id);

    // A mail client's prefetch of the link changes nothing.
    const read = await as(ctx).call(api.updates.unsubscribeInfo, { params: { token } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      fundId: fund.id,
      fundName: 'Unsubscribe test',
      subscribed: true,
    });

    // RFC 8058 one-click: a form post from the mail client.
    const res = await ctx.app.inject({
      method: 'POST',
      url: urlOf(api.updates.unsubscribe, { params: { token } }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subscribed: false });
    const [row] = await ctx.db
      .select()
      .from(fundSubscriptions)
      .where(eq(fundSubscriptions.userId, donor.id));
    expect(row?.subscribed).toBe(false);

    await jobsDone(ctx);
    const before = ctx.mails.length;
    await post(raiser, fund.id, { body: 'After the unsubscribe' });
    await jobsDone(ctx);
    expect(ctx.mails.slice(before).map((m) => m.to)).not.toContain(donor.email);

    // Donating again with the box ticked asks for news again.
    await donate(donor, fund.id, true);
    await jobsDone(ctx);
    const again = ctx.mails.length;
    await post(raiser, fund.id, { body: 'Back on the list' });
    await jobsDone(ctx);
    expect(ctx.mails.slice(again).map((m) => m.to)).toContain(donor.email);
  });

  it('keeps a choice repeated by the next donation as it was, with its time; a new choice replaces it', async () => {
    const fund = await createFund(ctx.db, { raiserId: raiser.id });
    const donor = await createSignedInUser(ctx);
    const choice = async () =>
      (
        await ctx.db.select().from(fundSubscriptions).where(eq(fundSubscriptions.userId, donor.id))
      )[0];
    await donate(donor, fund.id, true);
    const first = await choice();
    expect(first?.subscribed).toBe(true);

    await donate(donor, fund.id, true);
    expect(await choice()).toEqual(first);

    await donate(donor, fund.id, false);
    const changed = await choice();
    expect(changed?.subscribed).toBe(false);
    expect(changed!.updatedAt.getTime()).toBeGreaterThan(first!.updatedAt.getTime());
  });

  it('refuses a forged or altered token', async () => {
    const fund = await createFund(ctx.db, { raiserId: raiser.id });
    const donor = await createSignedInUser(ctx);
    await donate(donor, fund.id);
    const token = unsubscribeToken(ctx.config.authSecret, donor.id, fund.id);
    const forged = unsubscribeToken('another-secret-another-secret-123456', donor.id, fund.id);
    const tampered = `${token.slice(0, -2)}xx`;
    for (const t of [forged, tampered, 'not-a-token-at-all']) {
      expect(
        (await as(ctx).call(api.updates.unsubscribe, { params: { token: t } })).statusCode,
      ).toBe(404);
    }
    const [row] = await ctx.db
      .select()
      .from(fundSubscriptions)
      .where(eq(fundSubscriptions.userId, donor.id));
    expect(row?.subscribed).toBe(true);
  });
});

describe("a fund's first update is reviewed", () => {
  it('is neither public nor mailed until an admin approves it; later ones publish at once', async () => {
    const fund = await createFund(ctx.db, { raiserId: raiser.id, name: 'Review test' });
    const donor = await createSignedInUser(ctx);
    await donate(donor, fund.id);
    await jobsDone(ctx);
    const before = ctx.mails.length;

    const first = await post(raiser, fund.id, { body: 'Our first news.' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'pending' });
    await jobsDone(ctx);
    expect(ctx.mails.length).toBe(before);
    expect((await publicUpdates(fund.id)).total).toBe(0);
    // The organiser sees it waiting; another one meanwhile is refused.
    const own = (await as(raiser).call(api.updates.list, { params: { id: fund.id } })).json();
    expect(own.items).toMatchObject([{ body: 'Our first news.', status: 'pending' }]);
    const second = await post(raiser, fund.id, { body: 'More news.' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('update_pending_review');

    // The admins' queue lists it; nobody else may read or decide it.
    expect((await as(raiser).call(api.updates.adminList)).statusCode).toBe(403);
    expect(
      (
        await as(donor).call(api.updates.decide, {
          params: { id: first.json().id },
          body: { status: 'approved' },
        })
      ).statusCode,
    ).toBe(403);
    const queue = (
      await as(admin).call(api.updates.adminList, { query: { pageSize: '100' } })
    ).json();
    expect(queue.items).toContainEqual(
      expect.objectContaining({
        id: first.json().id,
        status: 'pending',
        fund: { id: fund.id, name: 'Review test' },
        author: expect.objectContaining({ email: raiser.email }),
      }),
    );

    const approved = await decide(first.json().id, 'approved');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', decidedBy: { id: admin.id } });
    expect((await decide(first.json().id, 'denied', 'Too late')).statusCode).toBe(409);
    expect((await publicUpdates(fund.id)).items.map((u) => u.body)).toEqual(['Our first news.']);
    await jobsDone(ctx);
    expect(ctx.mails.slice(before).map((m) => m.to)).toEqual([donor.email]);

    const later = await post(raiser, fund.id, { body: 'Straight out.' });
    expect(later.json()).toMatchObject({ status: 'approved' });
    await jobsDone(ctx);
    expect(ctx.mails.slice(before).map((m) => m.to)).toEqual([donor.email, donor.email]);
  });

  it('keeps a denied first update hidden and unmailed; the next one waits again', async () => {
    const fund = await createFund(ctx.db, { raiserId: raiser.id });
    const donor = await createSignedInUser(ctx);
    await donate(donor, fund.id);
    await jobsDone(ctx);
    const before = ctx.mails.length;
    const first = await post(raiser, fund.id, { body: 'Send money to my own account.' });
    const denied = await decide(first.json().id, 'denied', 'Donations go through the site.');
    expect(denied.statusCode).toBe(200);
    expect((await publicUpdates(fund.id)).total).toBe(0);
    const own = (await as(raiser).call(api.updates.list, { params: { id: fund.id } })).json();
    expect(own.items).toMatchObject([
      { status: 'denied', feedback: 'Donations go through the site.' },
    ]);
    const next = await post(raiser, fund.id, { body: 'A proper first update.' });
    expect(next.json()).toMatchObject({ status: 'pending' });
    await jobsDone(ctx);
    expect(ctx.mails.length).toBe(before);
  });

  it("refuses an admin's decision on an update of their own fund", async () => {
    const fund = await createFund(ctx.db, { raiserId: admin.id });
    const first = await post(admin, fund.id, { body: 'My own news.' });
    expect(first.json()).toMatchObject({ status: 'pending' });
    const own = await decide(first.json().id, 'approved');
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('own_request');
    expect((await publicUpdates(fund.id)).total).toBe(0);
  });
});

describe('at most three updates a day', () => {
  it('refuses the fourth update of the day, however fast they come; subscribers get three mails', async () => {
    const fund = await createFund(ctx.db, { raiserId: raiser.id, name: 'Busy fund' });
    const donor = await createSignedInUser(ctx);
    await donate(donor, fund.id);
    await jobsDone(ctx);
    const before = ctx.mails.length;
    const first = await post(raiser, fund.id, { body: 'We have started.' });
    expect((await decide(first.json().id, 'approved')).statusCode).toBe(200);
    const burst = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post(raiser, fund.id, { body: `News ${i}` })),
    );
    const statuses = burst.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 429, 429, 429, 429]);
    const refused = burst.find((r) => r.statusCode === 429)!;
    expect(refused.json().error).toMatchObject({
      code: 'too_many_updates',
      message: 'A fund can post at most 3 updates a day. Please post again tomorrow.',
    });
    expect((await publicUpdates(fund.id)).total).toBe(3);
    await jobsDone(ctx);
    expect(ctx.mails.slice(before).filter((m) => m.to === donor.email)).toHaveLength(3);
  });
});

describe('links in updates', () => {
  it('shows a link in an update mail as its host, as text', async () => {
    const fund = await openFund({ name: 'Link test' });
    const donor = await createSignedInUser(ctx);
    await donate(donor, fund.id);
    await jobsDone(ctx);
    const before = ctx.mails.length;
    const body = 'Pay here: https://evil.example/login?to=bank. Photos at www.example.org';
    expect((await post(raiser, fund.id, { body })).statusCode).toBe(201);
    await jobsDone(ctx);
    const [mail] = ctx.mails.slice(before);
    expect(mail!.text).toContain('Pay here: evil.example/…. Photos at www.example.org');
    expect(mail!.text).not.toContain('https://evil.example');
    expect(mail!.text).not.toContain('login?to=bank');
    // The page gets the text as written; it shows each link by its host.
    expect((await publicUpdates(fund.id)).items[0]!.body).toBe(body);
  });
});
