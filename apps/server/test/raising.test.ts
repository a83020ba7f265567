import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { fundEvents, funds } from '../src/db/schema';
import { createDonation, createFund } from '../src/seed/factories';
import { resources as api } from '@easyfund/shared/api/resources';
import { as, createSignedInUser, useTestApp, requiredFields, decide } from './helper';

const { ctx, raiser, other, admin, plain, donor } = useTestApp({
  raiser: { role: 'verified', name: 'Karim Hossain' },
  other: { role: 'verified' },
  admin: { role: 'admin', name: 'Ayesha Rahman' },
  plain: { role: 'user' },
  donor: { role: 'user' },
});

const FUND = {
  name: 'Flood relief for Sunamganj',
  image: '/images/funds/relief-fund.webp',
  description: 'Dry food and clean water for families who lost their homes.',
  cause: 'relief-fund' as const,
  goalTk: 50000,
  suggestedTk: 500,
};

const fundCount = async () => (await ctx.db.select({ id: funds.id }).from(funds)).length;

describe('request for fund', () => {
  it('creates the fund as pending with nothing raised, owned by the verified raiser', async () => {
    const res = await as(raiser).call(api.funds.create, { body: FUND });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: FUND.name,
      cause: 'relief-fund',
      goalPoisha: 5_000_000,
      suggestedPoisha: 50_000,
      raisedPoisha: 0,
      donationCount: 0,
      status: 'pending',
      feedback: null,
      availablePoisha: 0,
    });
    const [row] = await ctx.db.select().from(funds).where(eq(funds.id, body.id));
    expect(row?.raiserId).toBe(raiser.id);
    const events = await ctx.db.select().from(fundEvents).where(eq(fundEvents.fundId, body.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'created', actorId: raiser.id });
  });

  it('ignores status, totals and the raiser when a client sends them', async () => {
    const res = await as(raiser).send(api.funds.create, {
      body: {
        ...FUND,
        status: 'approved',
        raisedPoisha: 999_999,
        donationCount: 7,
        raiserId: other.id,
      },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(funds).where(eq(funds.id, res.json().id));
    expect(row).toMatchObject({
      status: 'pending',
      raisedPoisha: 0,
      donationCount: 0,
      raiserId: raiser.id,
    });
  });

  it("answers 'This field is required' for every empty field and stores nothing", async () => {
    const before = await fundCount();
    const res = await as(raiser).send(api.funds.create, {
      body: {
        name: '',
        image: '',
        description: ' ',
        cause: '',
        goalTk: '',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual(
      requiredFields('name', 'image', 'description', 'cause', 'goalTk', 'suggestedTk'),
    );
    expect(await fundCount()).toBe(before);
  });

  it('refuses a suggested amount that is not whole Tk instead of cutting it, in either language', async () => {
    const before = await fundCount();
    for (const suggestedTk of [10.001, 10.5, 499.99, '10.5', '10.001']) {
      const res = await as(raiser).call(api.funds.create, { body: { ...FUND, suggestedTk } });
      expect(res.statusCode, String(suggestedTk)).toBe(400);
      expect(res.json().error.fields, String(suggestedTk)).toEqual({
        suggestedTk: 'Enter a whole amount in Tk',
      });
    }
    const bn = await as(raiser).call(api.funds.create, {
      body: { ...FUND, suggestedTk: 10.5 },
      headers: { 'accept-language': 'bn' },
    });
    expect(bn.json().error.fields).toEqual({ suggestedTk: 'টাকার পূর্ণ অঙ্ক লিখুন' });
    expect(await fundCount()).toBe(before);
    // The form sends its text: "10" is ten taka.
    const res = await as(raiser).call(api.funds.create, {
      body: {
        ...FUND,
        goalTk: '75000',
        suggestedTk: '10',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ goalPoisha: 7_500_000, suggestedPoisha: 1_000 });
    const edit = await as(raiser).call(api.funds.update, {
      params: { id: res.json().id },
      body: { suggestedTk: 12.5 },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.fields).toEqual({ suggestedTk: 'Enter a whole amount in Tk' });
  });

  it('refuses a fund name with a line break or a text-direction override', async () => {
    const before = await fundCount();
    for (const name of ['Flood relief\r\nApproved by admin', 'Relief \u202Egnp.exe', 'A\u2066B']) {
      const res = await as(raiser).call(api.funds.create, { body: { ...FUND, name } });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.fields, name).toEqual({
        name: 'A name cannot contain line breaks, tabs or hidden text-direction characters',
      });
    }
    expect(await fundCount()).toBe(before);
  });

  it('parses the goal strictly as whole Tk: no hex, exponent, sign, spaces or poisha', async () => {
    const before = await fundCount();
    for (const goalTk of [
      '0x10000',
      '1e5',
      '75000.9',
      75000.9,
      ' 12000',
      '+5000',
      '5000 ',
      '١٢٠٠٠',
    ]) {
      const res = await as(raiser).call(api.funds.create, { body: { ...FUND, goalTk } });
      expect(res.statusCode, String(goalTk)).toBe(400);
      expect(res.json().error.fields?.goalTk, String(goalTk)).toBe('Enter a whole amount in Tk');
    }
    for (const suggestedTk of ['0x10', '1e3', '+50', ' 50']) {
      const res = await as(raiser).call(api.funds.create, { body: { ...FUND, suggestedTk } });
      expect(res.statusCode, suggestedTk).toBe(400);
      expect(res.json().error.fields?.suggestedTk, suggestedTk).toBe('Enter a whole amount in Tk');
    }
    expect(await fundCount()).toBe(before);
  });

  it('refuses an image that is neither an upload nor an https address, and a suggested amount above the goal', async () => {
    const bad = await as(raiser).call(api.funds.create, {
      body: {
        ...FUND,
        image: 'javascript:alert(1)',
        goalTk: 1000,
        suggestedTk: 2000,
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields?.image).toBe('Upload an image or give an https:// address');
    const above = await as(raiser).call(api.funds.create, {
      body: {
        ...FUND,
        goalTk: 1000,
        suggestedTk: 2000,
      },
    });
    expect(above.statusCode).toBe(400);
    expect(above.json().error.fields?.suggestedTk).toBe(
      'The suggested amount cannot be more than the goal',
    );
  });

  it('refuses a fund request from a plain user (403) and from a visitor (401)', async () => {
    const before = await fundCount();
    expect((await as(plain).call(api.funds.create, { body: FUND })).statusCode).toBe(403);
    expect((await as(admin).call(api.funds.create, { body: FUND })).statusCode).toBe(403);
    expect((await as(ctx).call(api.funds.create, { body: FUND })).statusCode).toBe(401);
    expect(await fundCount()).toBe(before);
  });
});

describe('my raised fund', () => {
  it('lists only own funds with donation count, raised, status, feedback and the totals', async () => {
    const mine = await createSignedInUser(ctx, { role: 'verified' });
    const a = await createFund(ctx.db, {
      raiserId: mine.id,
      status: 'approved',
      feedback: 'Looks good',
    });
    const b = await createFund(ctx.db, {
      raiserId: mine.id,
      status: 'denied',
      feedback: 'No proof',
    });
    await createFund(ctx.db, { raiserId: other.id });
    await createDonation(ctx.db, { userId: donor.id, fundId: a.id, amountTk: 500 });
    await createDonation(ctx.db, { userId: donor.id, fundId: a.id, amountTk: 1000 });

    const res = await as(mine).call(api.funds.mine);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((f) => f.id).sort()).toEqual([a.id, b.id].sort());
    expect(body.items.find((f) => f.id === a.id)).toMatchObject({
      donationCount: 2,
      raisedPoisha: 150_000,
      status: 'approved',
      feedback: 'Looks good',
      availablePoisha: 150_000,
    });
    expect(body.items.find((f) => f.id === b.id)).toMatchObject({
      status: 'denied',
      feedback: 'No proof',
    });
    expect(body).toMatchObject({
      totalRaisedPoisha: 150_000,
      totalDonations: 2,
      availablePoisha: 150_000,
    });
  });

  it("reads one own fund, and answers 404 for another raiser's fund", async () => {
    const f = await createFund(ctx.db, { raiserId: raiser.id });
    expect((await as(raiser).call(api.funds.getMine, { params: { id: f.id } })).json().id).toBe(
      f.id,
    );
    expect((await as(other).call(api.funds.getMine, { params: { id: f.id } })).statusCode).toBe(
      404,
    );
    expect((await as(plain).call(api.funds.mine)).statusCode).toBe(403);
  });
});

describe('update your fund', () => {
  it('changes an own fund and records who changed what, before → after', async () => {
    const f = await createFund(ctx.db, {
      raiserId: raiser.id,
      name: 'School books',
      goalTk: 10000,
      suggestedTk: 100,
      // Still waiting for review: the edit applies at once (an approved fund's material
      // edits wait for an admin, fund-page.test.ts).
      status: 'pending',
    });
    const res = await as(raiser).call(api.funds.update, {
      params: { id: f.id },
      body: { name: 'School books for Korail', goalTk: 20000, suggestedTk: 100 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'School books for Korail',
      goalPoisha: 2_000_000,
      status: 'pending',
    });

    const events = await as(admin).call(api.funds.events, { params: { id: f.id } });
    expect(events.statusCode).toBe(200);
    const updated = events.json().items.filter((e) => e.action === 'updated');
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatchObject({
      actor: { id: raiser.id, name: 'Karim Hossain', email: raiser.email },
      before: { name: 'School books', goalPoisha: 1_000_000 },
      after: { name: 'School books for Korail', goalPoisha: 2_000_000 },
    });
    expect(updated[0]?.before).not.toHaveProperty('suggestedPoisha');
    expect(Date.parse(updated[0]!.createdAt)).not.toBeNaN();
  });

  it('records no event when nothing changes', async () => {
    const f = await createFund(ctx.db, { raiserId: raiser.id, name: 'Same name' });
    const res = await as(raiser).call(api.funds.update, {
      params: { id: f.id },
      body: { name: 'Same name' },
    });
    expect(res.statusCode).toBe(200);
    const events = await ctx.db.select().from(fundEvents).where(eq(fundEvents.fundId, f.id));
    expect(events).toHaveLength(0);
  });

  it("refuses to change another raiser's fund (404) and leaves it as it was", async () => {
    const f = await createFund(ctx.db, { raiserId: raiser.id, name: 'Untouched' });
    const res = await as(other).call(api.funds.update, {
      params: { id: f.id },
      body: { name: 'Hijacked' },
    });
    expect(res.statusCode).toBe(404);
    // An admin may manage funds they raised themselves, and finds no one else's.
    expect(
      (await as(admin).call(api.funds.update, { params: { id: f.id }, body: { name: 'Hijacked' } }))
        .statusCode,
    ).toBe(404);
    const [row] = await ctx.db.select().from(funds).where(eq(funds.id, f.id));
    expect(row?.name).toBe('Untouched');
  });

  it('refuses a suggested amount above the goal after the change, and an empty change', async () => {
    const f = await createFund(ctx.db, { raiserId: raiser.id, goalTk: 1000, suggestedTk: 100 });
    const res = await as(raiser).call(api.funds.update, {
      params: { id: f.id },
      body: { suggestedTk: 5000 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields?.suggestedTk).toBe(
      'The suggested amount cannot be more than the goal',
    );
    expect(
      (await as(raiser).call(api.funds.update, { params: { id: f.id }, body: {} })).statusCode,
    ).toBe(400);
    expect(
      (
        await as(raiser).call(api.funds.update, {
          params: { id: 'not-a-uuid' },
          body: { name: 'x' },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('manage fund request', () => {
  it('lists every fund with its raiser, any status, and filters by status', async () => {
    const p = await createFund(ctx.db, { raiserId: raiser.id, status: 'pending' });
    const d = await createFund(ctx.db, { raiserId: other.id, status: 'denied' });
    const res = await as(admin).call(api.funds.adminList, { query: { pageSize: 100 } });
    expect(res.statusCode).toBe(200);
    const ids = res.json().items.map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining([p.id, d.id]));
    expect(res.json().items.find((f) => f.id === p.id)?.raiser).toEqual({
      id: raiser.id,
      name: 'Karim Hossain',
      email: raiser.email,
    });
    const pending = await as(admin).call(api.funds.adminList, {
      query: { status: 'pending', pageSize: 100 },
    });
    expect(pending.json().items.every((f) => f.status === 'pending')).toBe(true);
    expect((await as(raiser).call(api.funds.adminList)).statusCode).toBe(403);
  });

  it('approves once with feedback, recording the admin and the time; a second decision is refused', async () => {
    const f = await createFund(ctx.db, { raiserId: raiser.id, status: 'pending' });
    const res = await decide(admin, 'fund', f.id, {
      status: 'approved',
      feedback: 'Documents checked',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'approved',
      feedback: 'Documents checked',
      decidedBy: { id: admin.id, name: 'Ayesha Rahman' },
    });
    const [row] = await ctx.db.select().from(funds).where(eq(funds.id, f.id));
    expect(row?.decidedBy).toBe(admin.id);
    expect(row?.decidedAt).toBeInstanceOf(Date);

    const again = await as(admin).call(api.funds.decide, {
      params: { id: f.id },
      body: {
        status: 'denied',
        feedback: 'Changed my mind',
        version: res.json().version,
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This fund request has already been approved');
    const [still] = await ctx.db.select().from(funds).where(eq(funds.id, f.id));
    expect(still?.status).toBe('approved');

    const events = await as(admin).call(api.funds.events, { params: { id: f.id } });
    expect(events.json().items.map((e) => e.action)).toContain('approved');
  });

  it('denies with the reason in the feedback, and approves without feedback', async () => {
    const f = await createFund(ctx.db, { raiserId: raiser.id, status: 'pending' });
    const res = await decide(admin, 'fund', f.id, {
      status: 'denied',
      feedback: '  The goal is not explained  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'denied', feedback: 'The goal is not explained' });
    const g = await createFund(ctx.db, { raiserId: raiser.id, status: 'pending' });
    const ok = await decide(admin, 'fund', g.id, { status: 'approved' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'approved', feedback: null });
  });

  it('refuses a decision from a raiser, an unknown fund and a status other than approved or denied', async () => {
    const f = await createFund(ctx.db, { raiserId: raiser.id, status: 'pending' });
    expect(
      (
        await as(raiser).call(api.funds.decide, {
          params: { id: f.id },
          body: { status: 'approved', version: 1 },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await as(admin).call(api.funds.decide, {
          params: { id: '00000000-0000-4000-8000-000000000000' },
          body: { status: 'approved', version: 1 },
        })
      ).statusCode,
    ).toBe(404);
    const bad = await as(admin).send(api.funds.decide, {
      params: { id: f.id },
      body: { status: 'pending', version: 1 },
    });
    expect(bad.statusCode).toBe(400);
    const [row] = await ctx.db.select().from(funds).where(eq(funds.id, f.id));
    expect(row?.status).toBe('pending');
    expect(
      (
        await as(admin).call(api.funds.events, {
          params: { id: '00000000-0000-4000-8000-000000000000' },
        })
      ).statusCode,
    ).toBe(404);
  });
});
