import { count, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client';
import { describe, expect, it } from 'vitest';
import {
  fundSubscriptions,
  fundUpdates,
  funds,
  payments,
  user,
  verificationApplications,
  zakatSettings,
} from '../src/db/schema';
import { DEMO_ACCOUNTS, seedDemo } from '../src/seed/demo';
import { signIn, useTestApp } from './helper';

const { ctx } = useTestApp();

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

  it('looks like a living site: several raisers with photos, real progress, walls, updates, Zakat', async () => {
    const raisers = await ctx.db
      .select({ name: user.name, image: user.image })
      .from(user)
      .where(eq(user.role, 'verified'));
    expect(raisers.length).toBeGreaterThanOrEqual(4);
    expect(new Set(raisers.map((r) => r.image)).size).toBe(raisers.length);
    for (const r of raisers) expect(r.image).toMatch(/^\/images\/people\/.+\.svg$/);

    const approved = await ctx.db.select().from(funds).where(eq(funds.status, 'approved'));
    expect(new Set(approved.map((f) => f.raiserId)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(approved.map((f) => f.image)).size).toBe(approved.length);
    for (const f of approved) expect(f.description.split('\n\n').length).toBeGreaterThanOrEqual(2);
    const progress = approved.map((f) => f.raisedPoisha / f.goalPoisha);
    expect(progress.some((p) => p >= 1)).toBe(true);
    expect(progress.some((p) => p >= 0.9 && p < 1)).toBe(true);
    expect(progress.some((p) => p < 0.3)).toBe(true);

    // Donations of many people, the newest within the last day.
    const gifts = await ctx.db.select().from(payments);
    expect(new Set(gifts.map((p) => p.userId)).size).toBeGreaterThanOrEqual(10);
    const newest = Math.max(...gifts.map((p) => p.succeededAt!.getTime()));
    expect(Date.now() - newest).toBeLessThan(24 * 3600_000);
    for (const f of approved) expect(f.createdAt.getTime()).toBeLessThan(Date.now());

    const updates = await ctx.db.select().from(fundUpdates);
    expect(new Set(updates.map((u) => u.fundId)).size).toBeGreaterThanOrEqual(8);
    const subscriptions = await ctx.db.select().from(fundSubscriptions);
    expect(subscriptions.some((s) => s.subscribed)).toBe(true);
    expect(subscriptions.some((s) => !s.subscribed)).toBe(true);

    const zakat = approved.filter((f) => f.zakatEligible);
    expect(zakat.length).toBeGreaterThanOrEqual(3);
    for (const f of zakat) expect(f.zakatNote).toBeTruthy();
    const [prices] = await ctx.db.select().from(zakatSettings);
    expect(prices?.goldPoishaPerGram).toBeGreaterThan(0);
  });

  it('has every account joined before what it did: organisers before their funds, donors before their gifts', async () => {
    const late = rowsOf(
      await ctx.db.execute(sql`select u.email from "user" u
        where exists (select 1 from funds f where f.raiser_id = u.id and f.created_at <= u.created_at)
          or exists (select 1 from payments p where p.user_id = u.id and p.created_at <= u.created_at)
          or (u.role = 'admin' and exists (select 1 from funds f where f.created_at <= u.created_at))`),
    );
    expect(late).toEqual([]);
  });

  it('never runs against a database that already has users', async () => {
    const before = await ctx.db.select({ n: count() }).from(user);
    expect(await seedDemo(ctx.app.auth, ctx.db)).toBe(false);
    const after = await ctx.db.select({ n: count() }).from(user);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});
