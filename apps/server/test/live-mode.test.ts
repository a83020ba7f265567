import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, fundUpdates, funds, payments, user, withdrawals } from '../src/db/schema';
import { configuredAdmins } from '../src/modules/identity/configured-admins';
import { checkLedger } from '../src/modules/ledger/check';
import { syncLedgerMode } from '../src/modules/ledger/mode';
import { createMailer } from '../src/lib/mailer';
import { localStorage } from '../src/lib/storage/storage';
import { demoDataPresence } from '../src/seed/demo-presence';
import { removeDemoData } from '../src/seed/demo-remove';
import {
  createDonation,
  createFund,
  createUser,
  createVerificationApplication,
} from '../src/seed/factories';
import { as, createSignedInUser, ORIGIN, signIn, payoutAccountOf, useTestApp } from './helper';
import { resources as api } from '@easyfund/shared/api/resources';
import { pdfText } from './support/pdf-text';

let fundId: string;
let testPayment: { id: string; receiptNumber: string | null };
let livePayment: { id: string; receiptNumber: string | null };

const { ctx, admin, raiser, donor } = useTestApp({
  admin: { role: 'admin', name: 'Admin' },
  raiser: { role: 'verified', name: 'Real Raiser' },
  donor: { name: 'Live Donor' },
});
beforeAll(async () => {
  const tester = await createUser(ctx.app.auth, ctx.db, { name: 'Sandbox Tester' });
  fundId = (await createFund(ctx.db, { raiserId: raiser.id, status: 'approved' })).id;
  // While the site takes test money: a test donation and a test withdrawal request.
  testPayment = await createDonation(ctx.db, {
    userId: tester.id,
    fundId,
    amountTk: 900,
    supportMessage: 'A test gift',
  });
  await createDonation(ctx.db, { userId: donor.id, fundId, amountTk: 300 });
  const asked = await as(raiser).call(api.withdrawals.request, {
    body: { fundId, amountTk: 100, payoutAccountId: await payoutAccountOf(raiser) },
  });
  expect(asked.statusCode).toBe(201);
  // The site goes live: real money from now on.
  await syncLedgerMode(ctx.db, 'live');
  livePayment = await createDonation(ctx.db, {
    userId: donor.id,
    fundId,
    amountTk: 500,
    supportMessage: 'A real gift',
    mode: 'live',
  });
});
afterAll(async () => {
  await syncLedgerMode(ctx.db, 'test');
});

const year = new Date().getFullYear();
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());

describe('on a live site, test payments are nowhere', () => {
  it('the donor wall and the fund page count only live donations', async () => {
    const wall = await as(ctx).call(api.supporters.list, { params: { id: fundId } });
    expect(wall.statusCode).toBe(200);
    const items = wall.json().items;
    expect(items.map((i) => i.amountPoisha)).toEqual([50_000]);
    const messages = await as(ctx).call(api.supporters.list, {
      params: { id: fundId },
      query: { view: 'messages' },
    });
    expect(JSON.stringify(messages.json())).not.toContain('A test gift');
    const page = await as(ctx).call(api.funds.get, { params: { id: fundId } });
    expect(page.json()).toMatchObject({ raisedPoisha: 50_000, donationCount: 1, donorCount: 1 });
  });

  it("a donor's histories and statement list only their live donations", async () => {
    for (const history of [api.payments.mine, api.donations.mine]) {
      const res = await as(donor).call(history);
      expect(res.statusCode).toBe(200);
      const ids = res.json().items.map((i) => i.id);
      expect(ids).toEqual([livePayment.id]);
    }
    const statement = await as(donor).call(api.receipts.statement, { params: { year } });
    expect(statement.statusCode).toBe(200);
    const text = await pdfText(statement.rawPayload);
    expect(text).toContain(livePayment.receiptNumber!);
    expect(text).not.toMatch(/300/);
  });

  it("the admin's lists, overview and exports leave test payments and withdrawals out", async () => {
    const search = await as(admin).call(api.payments.search);
    expect(search.json().items.map((i) => i.id)).toEqual([livePayment.id]);
    const csv = await as(admin).call(api.downloads.payments, {
      query: { from: today(), to: today() },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(livePayment.id);
    expect(csv.body).not.toContain(testPayment.id);
    const raised = await as(raiser).call(api.downloads.myDonations);
    expect(raised.body).toContain('500');
    expect(raised.body).not.toContain('900');
    const requests = await as(admin).call(api.withdrawals.list);
    expect(requests.json().items).toEqual([]);
    const mine = await as(raiser).call(api.withdrawals.mine);
    expect(mine.json().items).toEqual([]);
    const overview = await as(admin).call(api.overview.get);
    expect(overview.json()).toMatchObject({
      totals: { allTime: { count: 1, amountPoisha: 50_000 } },
      waiting: { withdrawals: 0 },
    });
  });
});

describe('demo accounts and the removal of demo data', () => {
  it('a test withdrawal pending at the switch cannot be approved on the live site', async () => {
    const [pending] = await ctx.db
      .select({ id: withdrawals.id, version: withdrawals.version })
      .from(withdrawals)
      .where(eq(withdrawals.mode, 'test'));
    const res = await as(admin).call(api.withdrawals.decide, {
      params: { id: pending!.id },
      body: { status: 'approved', version: pending!.version },
    });
    expect(res.statusCode).toBe(404);
    const [after] = await ctx.db
      .select({ status: withdrawals.status })
      .from(withdrawals)
      .where(eq(withdrawals.id, pending!.id));
    expect(after!.status).toBe('pending');
  });

  it('an ADMIN_EMAILS entry naming a demo address makes nobody admin', async () => {
    const seeded = await createUser(ctx.app.auth, ctx.db, {
      email: 'raiser@easyfund.test',
      password: 'raiser123',
      role: 'verified',
    });
    const admins = configuredAdmins({
      config: { ADMIN_EMAILS: ['raiser@easyfund.test'], publicUrl: 'http://localhost:3000' },
      db: ctx.db,
      jobs: () => {
        throw new Error('nobody is promoted: no mail');
      },
    });
    expect(await admins.promoteAll()).toBe(0);
    const cookie = await signIn(ctx.app, seeded.email, 'raiser123');
    expect((await as({ app: ctx.app, cookie }).call(api.users.list)).statusCode).toBe(403);
  });

  it('npm run demo -- remove deletes the demo and every test payment, keeps real money, and totals still prove', async () => {
    // The demo: a raiser with a fund, donors, updates, a withdrawal, an application, a cart.
    const demoRaiser = await createUser(ctx.app.auth, ctx.db, {
      email: 'farhana@easyfund.test',
      password: 'raiser123',
      role: 'verified',
    });
    const demoDonor = await createSignedInUser(ctx, {
      email: 'donor@easyfund.test',
      password: 'donor123',
    });
    const demoFund = await createFund(ctx.db, { raiserId: demoRaiser.id, status: 'approved' });
    await syncLedgerMode(ctx.db, 'test');
    await createDonation(ctx.db, { userId: demoDonor.id, fundId: demoFund.id, amountTk: 700 });
    await createDonation(ctx.db, { userId: demoDonor.id, fundId, amountTk: 200 });
    await ctx.db.insert(withdrawals).values({
      fundId: demoFund.id,
      raiserId: demoRaiser.id,
      amountPoisha: 10_000,
      mode: 'test',
    });
    await ctx.db.insert(fundUpdates).values({
      fundId: demoFund.id,
      authorId: demoRaiser.id,
      body: 'We bought the sewing machines.',
    });
    await createVerificationApplication(ctx.db, { userId: demoDonor.id });
    await ctx.db.insert(cartItems).values({ userId: demoDonor.id, fundId });
    const outboxDir = path.join(ctx.config.dataDir, 'outbox');
    const mailer = createMailer({ from: 'Easy Fund <x@y.z>', outboxDir, log: ctx.app.log });
    await mailer.send({ to: 'donor@easyfund.test', subject: 'Your receipt', text: 'Thanks' });
    await mailer.send({ to: donor.email, subject: 'Your receipt', text: 'Thanks' });
    await syncLedgerMode(ctx.db, 'live');

    expect(await demoDataPresence(ctx.db)).toEqual({ accounts: 3, testPayments: 4 });
    const uploadsDir = path.join(ctx.config.dataDir, 'removal-uploads');
    mkdirSync(uploadsDir, { recursive: true });
    const removal = await removeDemoData(ctx.db, {
      storage: localStorage(uploadsDir),
      outboxDir,
    });
    expect(removal).toMatchObject({
      accounts: 3,
      funds: 1,
      payments: 4,
      withdrawals: 2,
      updates: 1,
      applications: 1,
      carts: 1,
      outboxMails: 1,
    });
    expect(await demoDataPresence(ctx.db)).toEqual({ accounts: 0, testPayments: 0 });
    expect(readdirSync(outboxDir)).toHaveLength(1);

    // Real money stays, and every total still proves against its payments.
    const [kept] = await ctx.db.select().from(payments).where(eq(payments.id, livePayment.id));
    expect(kept?.status).toBe('succeeded');
    const [fund] = await ctx.db.select().from(funds).where(eq(funds.id, fundId));
    expect(fund).toMatchObject({ raisedPoisha: 50_000, donationCount: 1 });
    expect((await checkLedger(ctx.db)).problems).toEqual([]);
    const [left] = await ctx.db.select({ n: count() }).from(user).where(eq(user.id, demoDonor.id));
    expect(left?.n).toBe(0);
    expect((await as(demoDonor).call(api.payments.mine)).statusCode).toBe(401);
  });

  it('a live start gives a demo account no sign-in and no admin rights, and a stranger at the demo domain is no demo data', async () => {
    const demoAdmin = await createSignedInUser(ctx, {
      role: 'admin',
      email: 'admin@easyfund.test',
      password: 'admin123',
    });
    const before = await demoDataPresence(ctx.db);
    // Anyone may sign up at the reserved domain; no mail reaches it, so it is never
    // verified and never counts as the demo's (a live start is not stopped by it).
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: ORIGIN,
      payload: {
        name: 'Stranger',
        image: 'https://example.com/s.png',
        email: 'x@easyfund.test',
        password: 'secret123',
      },
    });
    expect(signUp.statusCode).toBe(200);
    expect(await demoDataPresence(ctx.db)).toEqual(before);
    // The same process as a live start (ALLOW_DEMO_DATA=true kept the demo's rows).
    const config = ctx.app.config as { liveStart: boolean };
    config.liveStart = true;
    try {
      expect((await as(demoAdmin).call(api.users.list)).statusCode).toBe(403);
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: ORIGIN,
        payload: { email: 'admin@easyfund.test', password: 'admin123' },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['set-cookie']).toBeUndefined();
      expect((await as(admin).call(api.users.list)).statusCode).toBe(200);
    } finally {
      config.liveStart = false;
    }
    expect((await as(demoAdmin).call(api.users.list)).statusCode).toBe(200);
  });
});
