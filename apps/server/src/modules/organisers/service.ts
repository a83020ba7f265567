import { and, count, eq, sum } from 'drizzle-orm';
import type { TOrganiser } from '@easyfund/shared/schemas/organisers';
import type { Db } from '../../db/client';
import { funds, user } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import type { Viewer } from '../funds/service';
import { isOpen } from '../funds/open';
import { fundsWithRaiser } from '../funds/with-raiser';

/**
 * The organiser card: the raiser of a fund anyone may see (approved and not taken down;
 * or pending, denied, suspended or closed for its raiser and admins only), with their approved funds' number and
 * total raised (the raiser index serves the sum).
 */
export async function getOrganiser(db: Db, viewer: Viewer, fundId: string): Promise<TOrganiser> {
  const [row] = await fundsWithRaiser(db, {
    status: funds.status,
    hold: funds.hold,
    raiserId: user.id,
    name: user.name,
    image: user.image,
    role: user.role,
    memberSince: user.createdAt,
  }).where(eq(funds.id, fundId));
  const visible = row && (isOpen(row) || viewer.admin || viewer.me?.id === row.raiserId);
  if (!row || !visible) throw new NotFound('Fund');
  const [totals] = await db
    .select({ n: count(), raised: sum(funds.raisedPoisha).mapWith(Number) })
    .from(funds)
    .where(and(eq(funds.raiserId, row.raiserId), eq(funds.status, 'approved')));
  return {
    name: row.name,
    image: row.image,
    verified: row.role === 'verified',
    memberSince: row.memberSince.toISOString(),
    fundCount: totals?.n ?? 0,
    totalRaisedPoisha: totals?.raised ?? 0,
  };
}
