import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { leanSelect } from '../src/db/lean-select';
import { funds, user } from '../src/db/schema';
import { createFund } from '../src/seed/factories';
import { useTestApp } from './helper';

describe('a prepared SELECT run by leanSelect', () => {
  const { ctx } = useTestApp({ raiser: { role: 'verified' } });
  let fundId: string;
  let heldId: string;

  beforeAll(async () => {
    const [raiser] = await ctx.db.select({ id: user.id }).from(user).limit(1);
    fundId = (await createFund(ctx.db, { raiserId: raiser!.id, goalTk: 90_071_992_547 })).id;
    heldId = (await createFund(ctx.db, { raiserId: raiser!.id })).id;
    await ctx.db
      .update(funds)
      .set({ hold: 'suspended', holdReason: 'Checking the receipts' })
      .where(eq(funds.id, heldId));
  });

  /** Every kind of column the fund's read maps: text, bigint as a number, a time, nulls. */
  const query = () =>
    ctx.db
      .select({
        id: funds.id,
        zakatNote: funds.zakatNote,
        raiserName: user.name,
        goalPoisha: funds.goalPoisha,
        donationCount: funds.donationCount,
        zakatEligible: funds.zakatEligible,
        createdAt: funds.createdAt,
        hold: funds.hold,
        holdReason: funds.holdReason,
      })
      .from(funds)
      .innerJoin(user, eq(user.id, funds.raiserId))
      .where(eq(funds.id, sql.placeholder('id')))
      .prepare('');

  it('answers the rows Drizzle answers, values mapped by their columns', async () => {
    const prepared = query();
    const read = leanSelect(prepared);
    for (const id of [fundId, heldId]) {
      const lean = await read({ id });
      expect(lean).toEqual(await prepared.execute({ id }));
      expect(lean[0]!.createdAt).toBeInstanceOf(Date);
    }
    const [fund] = await read({ id: fundId });
    expect(fund!.goalPoisha).toBe(9_007_199_254_700);
    expect(fund!.hold).toBeNull();
    expect(await read({ id: '00000000-0000-4000-8000-000000000000' })).toEqual([]);
  });

  it('runs a nested selection through Drizzle', async () => {
    const prepared = ctx.db
      .select({ id: funds.id, raiser: { name: user.name } })
      .from(funds)
      .innerJoin(user, eq(user.id, funds.raiserId))
      .where(eq(funds.id, sql.placeholder('id')))
      .prepare('');
    expect(await leanSelect(prepared)({ id: fundId })).toEqual([
      { id: fundId, raiser: { name: expect.any(String) } },
    ]);
  });
});
