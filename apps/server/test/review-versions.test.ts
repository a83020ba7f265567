import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { funds, verificationApplications, withdrawals } from '../src/db/schema';
import { createDonation, createFund, createVerificationApplication } from '../src/seed/factories';
import {
  as,
  createSignedInUser,
  shownVersion,
  useTestApp,
  type SignedInUser,
  requestWithdrawal,
} from './helper';
import type { Endpoint } from '@easyfund/shared/api/contract';
import { resources as api } from '@easyfund/shared/api/resources';
import { type BodyInputOf } from '@easyfund/shared/api/contract';
import { type TDecisionRequest } from '@easyfund/shared/schemas/fields';

/* What an admin approves is what they were shown (decision 452). */
const { ctx, admin, otherAdmin, raiser, donor } = useTestApp({
  admin: { role: 'admin' },
  otherAdmin: { role: 'admin' },
  raiser: { role: 'verified' },
  donor: {},
});

const BAIT = 'SEND MONEY TO bKash 01999999999';

/** The fund as an admin's list shows it. */
async function shownFund(id: string) {
  const list = (await as(admin).call(api.funds.adminList, { query: { pageSize: '100' } })).json();
  return list.items.find((f) => f.id === id) as {
    id: string;
    name: string;
    status: string;
    version: number;
    pendingChange: { name?: string } | null;
  };
}

function expectChanged(res: { statusCode: number; json(): unknown }, version: number) {
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({
    error: {
      code: 'changed_since_viewed',
      message: 'This changed after you opened it. Look at it again before you decide.',
      version,
    },
  });
}

/** The raiser edits their fund. */
const editFund = (fundId: string, body: BodyInputOf<typeof api.funds.update>) =>
  as(raiser).call(api.funds.update, { params: { id: fundId }, body });

/** An admin decides a fund request, sending the version given. */
const decideFund = (by: SignedInUser, fundId: string, body: TDecisionRequest) =>
  as(by).call(api.funds.decide, { params: { id: fundId }, body });

/** An admin decides an approved fund's pending edit, sending the version given. */
const decideChange = (by: SignedInUser, fundId: string, body: TDecisionRequest) =>
  as(by).call(api.funds.decideChange, { params: { id: fundId }, body });

/** An approved fund of the raiser's (named `name`) with `change` pending, as the admin's list shows it. */
async function fundWithPendingEdit(change: BodyInputOf<typeof api.funds.update>, name?: string) {
  const fund = await createFund(ctx.db, { raiserId: raiser.id, status: 'approved', name });
  await editFund(fund.id, change);
  return { fund, shown: await shownFund(fund.id) };
}

describe('a fund request', () => {
  it('edited by its raiser after the admin opened it is not approved; the version now shown is', async () => {
    const fund = await createFund(ctx.db, { raiserId: raiser.id, status: 'pending' });
    const shown = await shownFund(fund.id);
    expect(shown.version).toBeGreaterThanOrEqual(1);

    const edit = await editFund(fund.id, { name: BAIT });
    expect(edit.statusCode).toBe(200);

    const approve = await decideFund(admin, fund.id, {
      status: 'approved',
      version: shown.version,
    });
    const now = await shownFund(fund.id);
    expect(now).toMatchObject({ name: BAIT, status: 'pending' });
    expect(now.version).toBeGreaterThan(shown.version);
    expectChanged(approve, now.version);
    expect((await as(ctx).call(api.funds.get, { params: { id: fund.id } })).statusCode).toBe(404);

    const again = await decideFund(admin, fund.id, { status: 'approved', version: now.version });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'approved', name: BAIT });
    expect((await as(ctx).call(api.funds.get, { params: { id: fund.id } })).json().name).toBe(BAIT);
  });

  it('decided by two admins at once is decided once', async () => {
    const fund = await createFund(ctx.db, { raiserId: raiser.id, status: 'pending' });
    const { version } = await shownFund(fund.id);
    const [a, b] = await Promise.all([
      decideFund(admin, fund.id, { status: 'approved', version }),
      decideFund(otherAdmin, fund.id, {
        status: 'denied',
        feedback: 'The story is too short',
        version,
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? a : b;
    const loser = a.statusCode === 200 ? b : a;
    expect(loser.json().error.code).toBe('already_decided');
    expect((await shownFund(fund.id)).status).toBe(winner.json().status);
  });

  it('approved while its raiser edits it goes live only as the admin saw it', async () => {
    const fund = await createFund(ctx.db, {
      raiserId: raiser.id,
      status: 'pending',
      name: 'School books',
    });
    const shown = await shownFund(fund.id);
    const [approve, edit] = await Promise.all([
      decideFund(admin, fund.id, { status: 'approved', version: shown.version }),
      editFund(fund.id, { name: BAIT }),
    ]);
    expect(edit.statusCode).toBe(200);
    const page = await as(ctx).call(api.funds.get, { params: { id: fund.id } });
    if (approve.statusCode === 200) {
      // The approval came first: the edit waits for review, the public sees what was approved.
      expect(page.json().name).toBe('School books');
      expect((await shownFund(fund.id)).pendingChange).toMatchObject({ name: BAIT });
    } else {
      expectChanged(approve, (await shownFund(fund.id)).version);
      expect(page.statusCode).toBe(404);
    }
  });
});

describe("an approved fund's pending edit", () => {
  it('changed after the admin opened it is not approved, and the approved version stays public', async () => {
    const { fund, shown } = await fundWithPendingEdit(
      { name: 'Clean water for Khulna' },
      'Clean water',
    );
    expect(shown.pendingChange).toMatchObject({ name: 'Clean water for Khulna' });

    await editFund(fund.id, { name: BAIT });
    const approve = await decideChange(admin, fund.id, {
      status: 'approved',
      version: shown.version,
    });
    const now = await shownFund(fund.id);
    expectChanged(approve, now.version);
    expect(now.pendingChange).toMatchObject({ name: BAIT });
    expect((await as(ctx).call(api.funds.get, { params: { id: fund.id } })).json().name).toBe(
      'Clean water',
    );

    const deny = await decideChange(admin, fund.id, {
      status: 'denied',
      feedback: 'Keep the name donors know',
      version: now.version,
    });
    expect(deny.statusCode).toBe(200);
    expect(deny.json()).toMatchObject({ name: 'Clean water', pendingChange: null });
  });

  it('withdrawn and proposed again after the admin opened it is not approved', async () => {
    const { fund, shown } = await fundWithPendingEdit({ name: 'Relief boats 2' }, 'Relief boats');
    // Back to the approved name (the change is withdrawn), then the same proposal again.
    await editFund(fund.id, { name: 'Relief boats' });
    await editFund(fund.id, { name: 'Relief boats 2' });
    const approve = await decideChange(admin, fund.id, {
      status: 'approved',
      version: shown.version,
    });
    expectChanged(approve, (await shownFund(fund.id)).version);
  });

  it('is not changed by donations: a gift meanwhile does not stale what the admin saw', async () => {
    const { fund, shown } = await fundWithPendingEdit({ name: 'New name' });
    await createDonation(ctx.db, { userId: donor.id, fundId: fund.id, amountTk: 500 });
    const approve = await decideChange(admin, fund.id, {
      status: 'approved',
      version: shown.version,
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toMatchObject({ name: 'New name', raisedPoisha: 50_000 });
  });
});

describe('suspending, closing and lifting', () => {
  it('lifts a suspension only on the version shown; a takedown goes through an edit made meanwhile', async () => {
    const fund = await createFund(ctx.db, { raiserId: raiser.id, status: 'approved' });
    const shown = await shownFund(fund.id);
    await editFund(fund.id, { cause: 'health-care' });
    const suspend = await as(admin).call(api.funds.hold, {
      params: { id: fund.id },
      body: { action: 'suspend', reason: 'Under review', version: shown.version },
    });
    expect(suspend.statusCode).toBe(200);
    const suspended = await shownFund(fund.id);
    await editFund(fund.id, { cause: 'education' });

    const lift = await as(admin).call(api.funds.hold, {
      params: { id: fund.id },
      body: { action: 'lift', version: suspended.version },
    });
    expectChanged(lift, (await shownFund(fund.id)).version);
    expect((await as(ctx).call(api.funds.get, { params: { id: fund.id } })).json().hold).toBe(
      'suspended',
    );
    const lifted = await as(admin).call(api.funds.hold, {
      params: { id: fund.id },
      body: {
        action: 'lift',
        version: (await shownFund(fund.id)).version,
      },
    });
    expect(lifted.json()).toMatchObject({ hold: null });
  });
});

describe('applications and withdrawals', () => {
  it('an application changed after the admin opened it is not approved', async () => {
    const applicant = await createSignedInUser(ctx);
    const application = await createVerificationApplication(ctx.db, { userId: applicant.id });
    const approve = (version: number) =>
      as(admin).call(api.verifications.decide, {
        params: { id: application.id },
        body: { status: 'approved', version },
      });
    const version = await shownVersion(admin, api.verifications.list, application.id);
    await ctx.db
      .update(verificationApplications)
      .set({ phoneNumber: '01999999999' })
      .where(eq(verificationApplications.id, application.id));

    const approved = await approve(version);
    const now = await shownVersion(admin, api.verifications.list, application.id);
    expect(now).toBe(version + 1);
    expectChanged(approved, now);
    const mine = await as(applicant).call(api.verifications.mine);
    expect(mine.json()).toMatchObject({ role: 'user', application: { status: 'pending' } });

    const again = await approve(now);
    expect(again.statusCode).toBe(200);
    expect((await as(applicant).call(api.verifications.mine)).json().role).toBe('verified');
  });

  it('a withdrawal changed after the admin opened it is not approved; two decisions at once, one wins', async () => {
    const fund = await createFund(ctx.db, { raiserId: raiser.id, status: 'approved' });
    await createDonation(ctx.db, { userId: donor.id, fundId: fund.id, amountTk: 2000 });
    const id = (await requestWithdrawal(raiser, fund.id, 100)).json().id;
    const approve = (by: SignedInUser, version: number) =>
      as(by).call(api.withdrawals.decide, {
        params: { id },
        body: { status: 'approved', version },
      });
    const version = await shownVersion(admin, api.withdrawals.list, id);
    await ctx.db.update(withdrawals).set({ amountPoisha: 190_000 }).where(eq(withdrawals.id, id));

    expectChanged(await approve(admin, version), version + 1);
    const [a, b] = await Promise.all([
      approve(admin, version + 1),
      approve(otherAdmin, version + 1),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const mine = (await as(raiser).call(api.withdrawals.mine)).json();
    expect(mine.items.find((w) => w.id === id)).toMatchObject({
      status: 'approved',
      amountPoisha: 190_000,
    });
  });
});

describe('every decision', () => {
  it('needs the version shown (400 naming the field) and changes nothing without it', async () => {
    const pending = await createFund(ctx.db, { raiserId: raiser.id, status: 'pending' });
    const approved = await createFund(ctx.db, { raiserId: raiser.id, status: 'approved' });
    await editFund(approved.id, { name: 'Renamed' });
    const applicant = await createSignedInUser(ctx);
    const application = await createVerificationApplication(ctx.db, { userId: applicant.id });
    // A withdrawal needs money raised (the database keeps withdrawals within the balance).
    await createDonation(ctx.db, { userId: applicant.id, fundId: approved.id, amountTk: 10 });
    const [w] = await ctx.db
      .insert(withdrawals)
      .values({ fundId: approved.id, raiserId: raiser.id, amountPoisha: 100, status: 'pending' })
      .returning();
    const calls: [Endpoint, string, object][] = [
      [api.funds.decide, pending.id, { status: 'approved' }],
      [api.funds.decideChange, approved.id, { status: 'approved' }],
      [api.funds.hold, approved.id, { action: 'close', reason: 'Fraud' }],
      [api.verifications.decide, application.id, { status: 'approved' }],
      [api.withdrawals.decide, w!.id, { status: 'approved' }],
    ];
    for (const [endpoint, id, body] of calls) {
      for (const version of [undefined, 'latest', 0, 1.5]) {
        const res = await as(admin).send(endpoint, { params: { id }, body: { ...body, version } });
        expect(res.statusCode, `${endpoint.operationId} ${String(version)}`).toBe(400);
        expect(res.json().error.fields).toEqual({
          version: 'Send the version of what you were shown',
        });
      }
    }
    const [p] = await ctx.db.select().from(funds).where(eq(funds.id, pending.id));
    const [a] = await ctx.db.select().from(funds).where(eq(funds.id, approved.id));
    expect(p).toMatchObject({ status: 'pending' });
    expect(a).toMatchObject({ hold: null, name: approved.name });
    expect((await shownFund(approved.id)).pendingChange).toMatchObject({ name: 'Renamed' });
    const [app] = await ctx.db
      .select()
      .from(verificationApplications)
      .where(eq(verificationApplications.id, application.id));
    expect(app?.status).toBe('pending');
    const [still] = await ctx.db.select().from(withdrawals).where(eq(withdrawals.id, w!.id));
    expect(still?.status).toBe('pending');
  });
});
