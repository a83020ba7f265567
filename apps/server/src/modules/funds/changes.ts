import { and, eq, inArray } from 'drizzle-orm';
import type { TMe } from '@easyfund/shared/schemas/common';
import type { TAdminFund, THoldRequest } from '@easyfund/shared/schemas/funds';
import type { Db, Tx } from '../../db/client';
import { fundChanges, funds } from '../../db/schema';
import {
  type Decision,
  OWN_FUND_EDIT,
  OWN_FUND_HOLD,
  refuseChanged,
  refuseOwn,
} from '../decisions/service';
import { Conflict, NotFound } from '../../lib/errors';
import { recordEvent } from './events';

/* Material edits of approved funds waiting for review, and admins taking funds down. */

/** The proposed values of a pending change (money in poisha). */
export interface Proposed {
  name?: string;
  image?: string;
  description?: string;
  goalPoisha?: number;
}

export interface PendingChange extends Proposed {
  createdAt: string;
}

/** The pending change of each given fund, if any (one indexed query). */
export async function pendingChanges(
  db: Db | Tx,
  fundIds: string[],
): Promise<Map<string, PendingChange>> {
  const map = new Map<string, PendingChange>();
  if (fundIds.length === 0) return map;
  const rows = await db
    .select({
      fundId: fundChanges.fundId,
      proposed: fundChanges.proposed,
      updatedAt: fundChanges.updatedAt,
    })
    .from(fundChanges)
    .where(and(inArray(fundChanges.fundId, fundIds), eq(fundChanges.status, 'pending')));
  for (const r of rows) {
    map.set(r.fundId, { ...(r.proposed as Proposed), createdAt: r.updatedAt.toISOString() });
  }
  return map;
}

/**
 * Stores a raiser's material edit of an approved fund as its pending change, merged into
 * the one already waiting (the newest value of each field wins). A proposal equal to the
 * approved version withdraws the change. Inside the caller's transaction, the fund row
 * locked.
 */
export async function proposeChange(
  tx: Tx,
  current: typeof funds.$inferSelect,
  actorId: string,
  edit: Proposed,
): Promise<void> {
  const [waiting] = await tx
    .select()
    .from(fundChanges)
    .where(and(eq(fundChanges.fundId, current.id), eq(fundChanges.status, 'pending')));
  const merged: Proposed = { ...((waiting?.proposed as Proposed | undefined) ?? {}), ...edit };
  for (const key of Object.keys(merged) as (keyof Proposed)[]) {
    if (merged[key] === current[key]) delete merged[key];
  }
  if (Object.keys(merged).length === 0) {
    if (waiting) {
      await tx.delete(fundChanges).where(eq(fundChanges.id, waiting.id));
      await recordEvent(
        tx,
        current.id,
        actorId,
        'change_withdrawn',
        {
          ...(waiting.proposed as Proposed),
        },
        null,
      );
    }
    return;
  }
  if (waiting) {
    await tx
      .update(fundChanges)
      .set({ proposed: merged, proposedBy: actorId })
      .where(eq(fundChanges.id, waiting.id));
  } else {
    await tx
      .insert(fundChanges)
      .values({ fundId: current.id, proposedBy: actorId, proposed: merged });
  }
  const before: Record<string, unknown> = {};
  for (const key of Object.keys(merged) as (keyof Proposed)[]) before[key] = current[key];
  await recordEvent(tx, current.id, actorId, 'change_proposed', before, { ...merged });
}

/**
 * An admin approves (the proposed values go live) or denies (the approved version stays)
 * a fund's pending change, once, and only the version of it they were shown: the fund row
 * is locked before its version is compared, and every edit locks it too (decision 452).
 */
export async function decideChange(
  tx: Tx,
  admin: Pick<TMe, 'id'>,
  fundId: string,
  decision: Decision,
): Promise<void> {
  const [owner] = await tx
    .select({ raiserId: funds.raiserId, version: funds.version })
    .from(funds)
    .where(eq(funds.id, fundId))
    .for('update');
  refuseOwn(owner?.raiserId, admin.id, OWN_FUND_EDIT);
  const [waiting] = await tx
    .select({ id: fundChanges.id })
    .from(fundChanges)
    .where(and(eq(fundChanges.fundId, fundId), eq(fundChanges.status, 'pending')));
  if (owner && waiting) refuseChanged(owner.version, decision.version);
  const [change] = await tx
    .update(fundChanges)
    .set({
      status: decision.status,
      feedback: decision.feedback,
      decidedBy: admin.id,
      decidedAt: new Date(),
    })
    .where(and(eq(fundChanges.fundId, fundId), eq(fundChanges.status, 'pending')))
    .returning();
  if (!change) throw new NotFound('Pending change');
  const proposed = change.proposed as Proposed;
  const [current] = await tx.select().from(funds).where(eq(funds.id, fundId)).for('update');
  if (!current) throw new NotFound('Fund');
  const before: Record<string, unknown> = {};
  for (const key of Object.keys(proposed) as (keyof Proposed)[]) before[key] = current[key];
  if (decision.status === 'approved') {
    const next = { ...proposed };
    await tx
      .update(funds)
      .set({
        ...next,
        // A lower goal never leaves the suggested amount above it.
        ...(next.goalPoisha !== undefined && current.suggestedPoisha > next.goalPoisha
          ? { suggestedPoisha: next.goalPoisha }
          : {}),
      })
      .where(eq(funds.id, fundId));
  }
  await recordEvent(
    tx,
    fundId,
    admin.id,
    decision.status === 'approved' ? 'change_approved' : 'change_denied',
    before,
    { ...proposed, feedback: decision.feedback },
  );
}

export const HOLD_MESSAGES = {
  closed: 'This fund is closed; a closed fund stays closed',
  notSuspended: 'This fund is not suspended',
} as const;

/**
 * Suspends a fund (donations stop; may be lifted), closes it (final) or lifts a
 * suspension. The reason is shown on the fund page; money already raised stays
 * withdrawable through the usual reviewed withdrawal requests.
 */
export async function holdFund(
  tx: Tx,
  admin: Pick<TMe, 'id'>,
  fundId: string,
  input: { action: THoldRequest['action']; reason: string | null; version: number },
): Promise<void> {
  const [current] = await tx.select().from(funds).where(eq(funds.id, fundId)).for('update');
  if (!current) throw new NotFound('Fund');
  if (current.hold === 'closed') throw new Conflict(HOLD_MESSAGES.closed, 'fund_closed');
  if (input.action === 'lift' && current.hold !== 'suspended') {
    throw new Conflict(HOLD_MESSAGES.notSuspended, 'not_suspended');
  }
  // Taking one's own fund down is allowed; bringing it back is another admin's call.
  if (input.action === 'lift') refuseOwn(current.raiserId, admin.id, OWN_FUND_HOLD);
  // Lifting vouches for the fund as shown; a takedown is never dodged by an edit made
  // meanwhile (decision 452).
  if (input.action === 'lift') refuseChanged(current.version, input.version);
  const hold: TAdminFund['hold'] =
    input.action === 'lift' ? null : input.action === 'close' ? 'closed' : 'suspended';
  const holdReason = hold ? input.reason : null;
  await tx
    .update(funds)
    .set({ hold, holdReason, heldBy: admin.id, heldAt: new Date() })
    .where(eq(funds.id, fundId));
  await recordEvent(
    tx,
    fundId,
    admin.id,
    input.action === 'lift' ? 'lifted' : hold!,
    { hold: current.hold, holdReason: current.holdReason, version: current.version },
    { hold, holdReason, shownVersion: input.version },
  );
}
