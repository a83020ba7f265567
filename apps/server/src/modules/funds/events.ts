import { eq } from 'drizzle-orm';
import type { TFundEventList } from '@easyfund/shared/schemas/funds';
import type { Db, Tx } from '../../db/client';
import { fundEvents, funds } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { auditTrail } from '../decisions/audit-trail';
import { deciderOf } from '../decisions/service';

/** Adds an entry to a fund's audit trail inside the caller's transaction. */
export async function recordEvent(
  tx: Tx,
  fundId: string,
  actorId: string,
  action: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  await tx.insert(fundEvents).values({ fundId, actorId, action, before, after });
}

/** A fund's audit trail, oldest first (admins). */
export async function listFundEvents(db: Db, fundId: string): Promise<TFundEventList> {
  const [fund] = await db.select({ id: funds.id }).from(funds).where(eq(funds.id, fundId));
  if (!fund) throw new NotFound('Fund');
  const rows = await auditTrail(
    db,
    fundEvents,
    { event: fundEvents },
    eq(fundEvents.fundId, fundId),
  );
  return {
    items: rows.map(({ event, actor: a }) => ({
      id: event.id,
      action: event.action,
      actor: deciderOf(a),
      before: (event.before as Record<string, unknown> | null) ?? null,
      after: (event.after as Record<string, unknown> | null) ?? null,
      createdAt: event.createdAt.toISOString(),
    })),
  };
}
