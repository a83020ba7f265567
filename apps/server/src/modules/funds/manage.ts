import { and, desc, eq } from 'drizzle-orm';
import type { DecisionStatus } from '@easyfund/shared/constants';
import { tkToPoisha } from '@easyfund/shared/money';
import type { TMe } from '@easyfund/shared/schemas/common';
import {
  MATERIAL_FIELDS,
  SUGGESTED_ABOVE_GOAL,
  type TCreateFundRequest,
  type TMyFundsResponse,
  type TOwnFund,
  type TUpdateFundRequest,
} from '@easyfund/shared/schemas/funds';
import type { Db, Tx } from '../../db/client';
import { funds } from '../../db/schema';
import { Invalid, NotFound } from '../../lib/errors';
import { fundsWithReportDue } from '../spending-reports/service';
import { availableOf, totalsOf, withdrawalTotals } from '../withdrawals/balance';
import { type PendingChange, pendingChanges, type Proposed, proposeChange } from './changes';
import { recordEvent } from './events';

/* A raiser's own funds: request, list, read and edit. Ownership is in every query. */

type FundRow = typeof funds.$inferSelect;
type Actor = Pick<TMe, 'id'>;

/**
 * The image address to keep for a fund: an address of ours as it is, any other copied
 * into our uploads first (uploads/remote.ts, decision 452). Called before the
 * transaction: no transaction waits on a remote host.
 */
export type AdoptImage = (image: string) => Promise<string>;

/** The fields a raiser edits, as stored (money in poisha). */
const EDITABLE = [
  'name',
  'image',
  'description',
  'cause',
  'goalPoisha',
  'suggestedPoisha',
] as const;
type Editable = Pick<FundRow, (typeof EDITABLE)[number]>;

/** The request field of each stored one. */
const INPUT_OF = {
  name: 'name',
  image: 'image',
  description: 'description',
  cause: 'cause',
  goalPoisha: 'goalTk',
  suggestedPoisha: 'suggestedTk',
} as const satisfies Record<(typeof EDITABLE)[number], keyof TUpdateFundRequest>;

/** An approved fund is public: its material edits go back to review. */
function reviewed(row: FundRow): boolean {
  return row.status === 'approved';
}

/** The fields a raiser edits, in the order every view of a fund lists them. */
export function editableOf(row: Editable): Editable {
  return {
    name: row.name,
    image: row.image,
    description: row.description,
    cause: row.cause,
    goalPoisha: row.goalPoisha,
    suggestedPoisha: row.suggestedPoisha,
  };
}

/**
 * What the raiser's and the admins' views of a fund both show: its fields, what it raised,
 * the review's status and feedback, and any hold.
 */
export function fundStateOf(row: FundRow) {
  return {
    id: row.id,
    ...editableOf(row),
    raisedPoisha: row.raisedPoisha,
    donationCount: row.donationCount,
    donorCount: row.donorCount,
    status: row.status as DecisionStatus,
    feedback: row.feedback,
    hold: row.hold as TOwnFund['hold'],
    holdReason: row.holdReason,
  };
}

function toOwnFund(
  row: FundRow,
  totals: ReturnType<typeof totalsOf>,
  pendingChange: PendingChange | null = null,
  reportDue = false,
): TOwnFund {
  return {
    ...fundStateOf(row),
    pendingChange,
    withdrawnPoisha: totals.withdrawnPoisha,
    pendingWithdrawalPoisha: totals.pendingPoisha,
    heldForPayoutPoisha: totals.heldForPayoutPoisha,
    paidOutPoisha: totals.paidOutPoisha,
    availablePoisha: availableOf(row.raisedPoisha, totals),
    reportDue,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Request for Fund: created pending, nothing raised, by a verified raiser. */
export async function createFund(
  db: Db,
  actor: Actor,
  input: TCreateFundRequest,
  adoptImage: AdoptImage,
): Promise<TOwnFund> {
  const image = await adoptImage(input.image);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(funds)
      .values({
        raiserId: actor.id,
        name: input.name,
        image,
        description: input.description,
        cause: input.cause,
        goalPoisha: tkToPoisha(input.goalTk),
        suggestedPoisha: tkToPoisha(input.suggestedTk),
        status: 'pending',
        raisedPoisha: 0,
        donationCount: 0,
      })
      .returning();
    if (!row) throw new Error('fund not created');
    await recordEvent(tx, row.id, actor.id, 'created', null, editableOf(row));
    return toOwnFund(row, totalsOf(new Map(), row.id));
  });
}

/** My Raised Fund: the raiser's own funds with totals and balances. */
export async function listMyFunds(db: Db, actor: Actor): Promise<TMyFundsResponse> {
  const rows = await db
    .select()
    .from(funds)
    .where(eq(funds.raiserId, actor.id))
    .orderBy(desc(funds.createdAt), desc(funds.id));
  const ids = rows.map((r) => r.id);
  const [totals, changes, due] = await Promise.all([
    withdrawalTotals(db, ids),
    pendingChanges(db, ids),
    fundsWithReportDue(db, ids),
  ]);
  const items = rows.map((r) =>
    toOwnFund(r, totalsOf(totals, r.id), changes.get(r.id) ?? null, due.has(r.id)),
  );
  return {
    items,
    totalRaisedPoisha: items.reduce((s, f) => s + f.raisedPoisha, 0),
    totalDonations: items.reduce((s, f) => s + f.donationCount, 0),
    availablePoisha: items.reduce((s, f) => s + f.availablePoisha, 0),
    heldForPayoutPoisha: items.reduce((s, f) => s + f.heldForPayoutPoisha, 0),
    paidOutPoisha: items.reduce((s, f) => s + f.paidOutPoisha, 0),
  };
}

/** One own fund (404 for anybody else's: ids in URLs are not trusted on their own). */
export async function getMyFund(db: Db, actor: Actor, fundId: string): Promise<TOwnFund> {
  const [row] = await db
    .select()
    .from(funds)
    .where(and(eq(funds.id, fundId), eq(funds.raiserId, actor.id)));
  if (!row) throw new NotFound('Fund');
  return ownFundOf(db, row);
}

/**
 * One own fund with its balances, its pending edit and whether a report is due: one
 * statement after another, as in a transaction (Update Your Fund's) they share its one
 * connection, which takes a statement at a time.
 */
async function ownFundOf(db: Db | Tx, row: FundRow): Promise<TOwnFund> {
  const totals = await withdrawalTotals(db, [row.id]);
  const changes = await pendingChanges(db, [row.id]);
  const due = await fundsWithReportDue(db, [row.id]);
  return toOwnFund(row, totalsOf(totals, row.id), changes.get(row.id) ?? null, due.has(row.id));
}

/**
 * Update Your Fund: changes an own fund and keeps before → after in the audit trail. On
 * an approved fund, a material edit (name, image, story, goal) waits for an admin as the
 * fund's pending change while the approved version stays public; the cause and the
 * suggested amount change at once (decision 107).
 */
export async function updateFund(
  db: Db,
  actor: Actor,
  fundId: string,
  edit: TUpdateFundRequest,
  adoptImage: AdoptImage,
): Promise<TOwnFund> {
  let input = edit;
  if (input.image !== undefined) {
    const [own] = await db
      .select({ image: funds.image })
      .from(funds)
      .where(and(eq(funds.id, fundId), eq(funds.raiserId, actor.id)));
    if (!own) throw new NotFound('Fund');
    // The fund's own picture sent back unchanged stays as it is (an older fund may keep an
    // address given before images were copied).
    if (input.image !== own.image) input = { ...input, image: await adoptImage(input.image) };
  }
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(funds)
      .where(and(eq(funds.id, fundId), eq(funds.raiserId, actor.id)))
      .for('update');
    if (!current) throw new NotFound('Fund');
    const next: Editable = {
      name: input.name ?? current.name,
      image: input.image ?? current.image,
      description: input.description ?? current.description,
      cause: input.cause ?? current.cause,
      goalPoisha: input.goalTk !== undefined ? tkToPoisha(input.goalTk) : current.goalPoisha,
      suggestedPoisha:
        input.suggestedTk !== undefined ? tkToPoisha(input.suggestedTk) : current.suggestedPoisha,
    };
    const review = reviewed(current);
    // While a new goal waits for review, the suggested amount fits both goals.
    const goalCap = review ? Math.min(next.goalPoisha, current.goalPoisha) : next.goalPoisha;
    if (next.suggestedPoisha > goalCap) {
      throw new Invalid(SUGGESTED_ABOVE_GOAL, { suggestedTk: SUGGESTED_ABOVE_GOAL });
    }
    const direct: Partial<Editable> = {};
    const material: Proposed = {};
    for (const key of EDITABLE) {
      const value = next[key];
      if (review && (MATERIAL_FIELDS as readonly string[]).includes(key)) {
        // Sent again (changed or not): the newest proposal for the field.
        if (input[INPUT_OF[key]] !== undefined) Object.assign(material, { [key]: value });
      } else if (current[key] !== value) {
        Object.assign(direct, { [key]: value });
      }
    }
    let row = current;
    if (Object.keys(direct).length > 0) {
      const before: Record<string, unknown> = {};
      for (const key of Object.keys(direct) as (keyof Editable)[]) before[key] = current[key];
      const [updated] = await tx
        .update(funds)
        .set(direct)
        .where(eq(funds.id, current.id))
        .returning();
      if (!updated) throw new NotFound('Fund');
      row = updated;
      await recordEvent(tx, current.id, actor.id, 'updated', before, { ...direct });
    }
    if (review && Object.keys(material).length > 0) {
      await proposeChange(tx, row, actor.id, material);
    }
    return ownFundOf(tx, row);
  });
}
