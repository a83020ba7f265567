import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { funds } from '../../db/schema';

/** A fund open to everyone and to gifts: approved, and not taken down (suspended or closed). */
export function isOpen(fund: { status: string; hold: string | null }): boolean {
  return fund.status === 'approved' && fund.hold === null;
}

/** The fund `id` while it is open (`isOpen`); else none (unknown, pending, denied, taken down). */
export async function openFund(db: Db, id: string) {
  const [fund] = await db
    .select({ id: funds.id, status: funds.status, hold: funds.hold })
    .from(funds)
    .where(eq(funds.id, id));
  return fund && isOpen(fund) ? fund : null;
}
