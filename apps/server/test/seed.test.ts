import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { funds, payments, user, verificationApplications } from '../src/db/schema';
import { DEMO_ACCOUNTS, seedDemo } from '../src/seed/demo';
import { buildTestApp, signIn, type TestContext } from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

describe('demo data', () => {
  it('seeds an empty database with the README accounts, funds, donations and an application', async () => {
    expect(await seedDemo(ctx.app.auth, ctx.db)).toBe(true);
    const roles = await ctx.db.select({ email: user.email, role: user.role }).from(user);
    expect(roles).toEqual(
      expect.arrayContaining([
        { email: DEMO_ACCOUNTS.admin.email, role: 'admin' },
        { email: DEMO_ACCOUNTS.raiser.email, role: 'verified' },
        { email: DEMO_ACCOUNTS.donor.email, role: 'user' },
      ]),
    );
    await expect(
      signIn(ctx.app, DEMO_ACCOUNTS.donor.email, DEMO_ACCOUNTS.donor.password),
    ).resolves.toBeTruthy();
    const approved = await ctx.db
      .select({ n: count() })
      .from(funds)
      .where(eq(funds.status, 'approved'));
    expect(approved[0]!.n).toBeGreaterThanOrEqual(8);
    const causes = await ctx.db.selectDistinct({ cause: funds.cause }).from(funds);
    expect(causes).toHaveLength(6);
    const pending = await ctx.db
      .select({ n: count() })
      .from(funds)
      .where(eq(funds.status, 'pending'));
    expect(pending[0]!.n).toBe(1);
    const apps = await ctx.db.select({ n: count() }).from(verificationApplications);
    expect(apps[0]!.n).toBe(1);
  });

  it('keeps each fund total equal to its recorded donations', async () => {
    const all = await ctx.db.select().from(funds);
    for (const f of all) {
      const rows = await ctx.db.select().from(payments).where(eq(payments.fundId, f.id));
      expect(f.raisedPoisha).toBe(rows.reduce((s, p) => s + p.amountPoisha, 0));
      expect(f.donationCount).toBe(rows.length);
    }
  });

  it('never runs against a database that already has users', async () => {
    const before = await ctx.db.select({ n: count() }).from(user);
    expect(await seedDemo(ctx.app.auth, ctx.db)).toBe(false);
    const after = await ctx.db.select({ n: count() }).from(user);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});
