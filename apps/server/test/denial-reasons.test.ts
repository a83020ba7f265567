import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DENIAL_REASON_MESSAGE } from '@easyfund/shared/schemas/fields';
import {
  fundChanges,
  fundUpdates,
  funds,
  verificationApplications,
  withdrawals,
} from '../src/db/schema';
import { createDonation, createFund, createVerificationApplication } from '../src/seed/factories';
import { as, createSignedInUser, type ReviewList, shownVersion, useTestApp } from './helper';
import type { Endpoint } from '@easyfund/shared/api/contract';
import { resources as api } from '@easyfund/shared/api/resources';

const { ctx, admin, raiser, donor } = useTestApp({
  admin: { role: 'admin', name: 'Ayesha Rahman' },
  raiser: { role: 'verified', name: 'Karim Hossain' },
  donor: { name: 'Rahima Khatun' },
});

/** One item an admin may deny: where the decision goes, and its status in the database. */
interface Denial {
  /** The endpoint that decides on it. */
  endpoint: Endpoint;
  list?: ReviewList;
  id: string;
  status: () => Promise<{ status: string; feedback: string | null } | undefined>;
}

const MAKE: Record<string, () => Promise<Denial>> = {
  'a fund request': async () => {
    const fund = await createFund(ctx.db, { raiserId: raiser.id, status: 'pending' });
    return {
      endpoint: api.funds.decide,
      list: api.funds.adminList,
      id: fund.id,
      status: async () => (await ctx.db.select().from(funds).where(eq(funds.id, fund.id)))[0],
    };
  },
  "an approved fund's edit": async () => {
    const fund = await createFund(ctx.db, { raiserId: raiser.id, status: 'approved' });
    await ctx.db
      .insert(fundChanges)
      .values({ fundId: fund.id, proposedBy: raiser.id, proposed: { name: 'A new name' } });
    return {
      endpoint: api.funds.decideChange,
      list: api.funds.adminList,
      id: fund.id,
      status: async () =>
        (await ctx.db.select().from(fundChanges).where(eq(fundChanges.fundId, fund.id)))[0],
    };
  },
  "a raiser's application": async () => {
    const applicant = await createSignedInUser(ctx);
    const application = await createVerificationApplication(ctx.db, { userId: applicant.id });
    return {
      endpoint: api.verifications.decide,
      list: api.verifications.list,
      id: application.id,
      status: async () =>
        (
          await ctx.db
            .select()
            .from(verificationApplications)
            .where(eq(verificationApplications.id, application.id))
        )[0],
    };
  },
  'a withdrawal request': async () => {
    const fund = await createFund(ctx.db, { raiserId: raiser.id, status: 'approved' });
    await createDonation(ctx.db, { userId: donor.id, fundId: fund.id, amountTk: 1000 });
    const [w] = await ctx.db
      .insert(withdrawals)
      .values({ fundId: fund.id, raiserId: raiser.id, amountPoisha: 50_000, status: 'pending' })
      .returning();
    return {
      endpoint: api.withdrawals.decide,
      list: api.withdrawals.list,
      id: w!.id,
      status: async () =>
        (await ctx.db.select().from(withdrawals).where(eq(withdrawals.id, w!.id)))[0],
    };
  },
  "a fund's first update": async () => {
    const fund = await createFund(ctx.db, { raiserId: raiser.id, status: 'approved' });
    const posted = await as(raiser).call(api.updates.create, {
      params: { id: fund.id },
      body: { body: 'Our first news: the pump is ordered.' },
    });
    expect(posted.json()).toMatchObject({ status: 'pending' });
    const id = posted.json<{ id: string }>().id;
    return {
      endpoint: api.updates.decide,
      id,
      status: async () =>
        (await ctx.db.select().from(fundUpdates).where(eq(fundUpdates.id, id)))[0],
    };
  },
};

/** The body of a decision on `item`: its shown version where it has one. */
async function decision(item: Denial, body: object): Promise<object> {
  return item.list ? { ...body, version: await shownVersion(admin, item.list, item.id) } : body;
}

describe.each(Object.entries(MAKE))('denying %s', (_name, make) => {
  it('is refused without a reason (none, empty or blank), in English and in Bangla, and changes nothing', async () => {
    const item = await make();
    const before = await item.status();
    for (const feedback of [undefined, null, '', '   \n ']) {
      const res = await as(admin).send(item.endpoint, {
        params: { id: item.id },
        body: await decision(item, { status: 'denied', feedback }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'invalid_input',
        fields: { feedback: DENIAL_REASON_MESSAGE },
      });
    }
    const bn = await as(admin).send(item.endpoint, {
      params: { id: item.id },
      body: await decision(item, { status: 'denied', feedback: ' ' }),
      headers: { 'accept-language': 'bn' },
    });
    expect(bn.statusCode).toBe(400);
    expect(bn.json().error.fields).toEqual({ feedback: 'নাকচের কারণ মতামতে লিখুন' });
    expect(await item.status()).toEqual(before);
  });

  it('is refused to a visitor, a donor and a raiser even with a reason', async () => {
    const item = await make();
    const before = await item.status();
    const body = await decision(item, { status: 'denied', feedback: 'Not enough proof' });
    expect(
      (await as(ctx).send(item.endpoint, { params: { id: item.id }, body: body })).statusCode,
    ).toBe(401);
    expect(
      (await as(donor).send(item.endpoint, { params: { id: item.id }, body: body })).statusCode,
    ).toBe(403);
    expect(
      (await as(raiser).send(item.endpoint, { params: { id: item.id }, body: body })).statusCode,
    ).toBe(403);
    expect(await item.status()).toEqual(before);
  });

  it('is done by an admin who gives the reason', async () => {
    const item = await make();
    const res = await as(admin).send(item.endpoint, {
      params: { id: item.id },
      body: await decision(item, { status: 'denied', feedback: '  Not enough proof  ' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await item.status()).toMatchObject({ status: 'denied', feedback: 'Not enough proof' });
  });
});

describe('approving', () => {
  it('still needs no feedback', async () => {
    const item = await MAKE['a fund request']!();
    const res = await as(admin).send(item.endpoint, {
      params: { id: item.id },
      body: await decision(item, { status: 'approved' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', feedback: null });
  });
});
