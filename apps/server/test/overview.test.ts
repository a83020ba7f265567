import { describe, expect, it } from 'vitest';
import { createDonation, createFund } from '../src/seed/factories';
import { as, createSignedInUser, useTestApp } from './helper';
import { resources as api } from '@easyfund/shared/api/resources';

const { ctx, admin, donor } = useTestApp({ admin: { role: 'admin' }, donor: {} });

const DAY = 24 * 60 * 60 * 1000;

describe('admin overview', () => {
  it('sums donations today, in 30 days and all time, per Dhaka day and per cause, and counts the queues', async () => {
    const raiser = await createSignedInUser(ctx, { role: 'verified' });
    const health = await createFund(ctx.db, {
      raiserId: raiser.id,
      status: 'approved',
      cause: 'health-care',
    });
    const school = await createFund(ctx.db, {
      raiserId: raiser.id,
      status: 'approved',
      cause: 'education',
    });
    await createFund(ctx.db, { raiserId: raiser.id, status: 'pending' });
    const now = Date.now();
    await createDonation(ctx.db, { userId: donor.id, fundId: health.id, amountTk: 100 });
    await createDonation(ctx.db, {
      userId: donor.id,
      fundId: school.id,
      amountTk: 250,
      succeededAt: new Date(now - 10 * DAY),
    });
    await createDonation(ctx.db, {
      userId: donor.id,
      fundId: school.id,
      amountTk: 1000,
      succeededAt: new Date(now - 200 * DAY),
    });

    const res = await as(admin).call(api.overview.get);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totals).toEqual({
      today: { count: 1, amountPoisha: 10_000 },
      last30Days: { count: 2, amountPoisha: 35_000 },
      allTime: { count: 3, amountPoisha: 135_000 },
    });
    expect(body.perDay).toHaveLength(90);
    const dhakaToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(now);
    expect(body.perDay.at(-1)).toEqual({ day: dhakaToday, count: 1, amountPoisha: 10_000 });
    const sum = body.perDay.reduce(
      (s: number, d: { amountPoisha: number }) => s + d.amountPoisha,
      0,
    );
    expect(sum).toBe(35_000);
    expect(body.perCause.find((c) => c.cause === 'education')).toEqual({
      cause: 'education',
      count: 2,
      amountPoisha: 125_000,
    });
    expect(body.perCause.find((c) => c.cause === 'health-care')?.count).toBe(1);
    expect(body.waiting).toMatchObject({ fundRequests: 1, withdrawals: 0, applications: 0 });
  });

  it('is for admins only', async () => {
    expect((await as(donor).call(api.overview.get)).statusCode).toBe(403);
    expect((await as(ctx).call(api.overview.get)).statusCode).toBe(401);
  });
});
