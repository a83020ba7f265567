import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DecisionStatus } from '@easyfund/shared/constants';
import { tkToPoisha } from '@easyfund/shared/money';
import {
  SUGGESTED_ABOVE_GOAL,
  type TAdminFund,
  type TCreateFundRequest,
  type TFundEvent,
  type TMyFundsResponse,
  type TOwnFund,
  type TUpdateFundRequest,
} from '@easyfund/shared/schemas/funds';
import type { TMe } from '@easyfund/shared/schemas/common';
import type { Db, Tx } from '../../db/client';
import { fundEvents, funds, user } from '../../db/schema';
import { Invalid, NotFound } from '../../lib/errors';
import { availableOf, totalsOf, withdrawalTotals } from '../withdrawals/balance';
import { decidePending } from '../../lib/decisions';

type FundRow = typeof funds.$inferSelect;
type Actor = Pick<TMe, 'id'>;

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

function editableOf(row: Editable): Editable {
  return {
    name: row.name,
    image: row.image,
    description: row.description,
    cause: row.cause,
    goalPoisha: row.goalPoisha,
    suggestedPoisha: row.suggestedPoisha,
  };
}

function toOwnFund(row: FundRow, totals: ReturnType<typeof totalsOf>): TOwnFund {
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    description: row.description,
    cause: row.cause,
    goalPoisha: row.goalPoisha,
    suggestedPoisha: row.suggestedPoisha,
    raisedPoisha: row.raisedPoisha,
    donationCount: row.donationCount,
    status: row.status as DecisionStatus,
    feedback: row.feedback,
    withdrawnPoisha: totals.withdrawnPoisha,
    pendingWithdrawalPoisha: totals.pendingPoisha,
    availablePoisha: availableOf(row.raisedPoisha, totals),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function recordEvent(
  tx: Tx,
  fundId: string,
  actorId: string,
  action: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  await tx.insert(fundEvents).values({ fundId, actorId, action, before, after });
}

/** Request for Fund: created pending, nothing raised, by a verified raiser. */
export async function createFund(
  db: Db,
  actor: Actor,
  input: TCreateFundRequest,
): Promise<TOwnFund> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(funds)
      .values({
        raiserId: actor.id,
        name: input.name,
        image: input.image,
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
  const totals = await withdrawalTotals(
    db,
    rows.map((r) => r.id),
  );
  const items = rows.map((r) => toOwnFund(r, totalsOf(totals, r.id)));
  return {
    items,
    totalRaisedPoisha: items.reduce((s, f) => s + f.raisedPoisha, 0),
    totalDonations: items.reduce((s, f) => s + f.donationCount, 0),
    availablePoisha: items.reduce((s, f) => s + f.availablePoisha, 0),
  };
}

/** One own fund (404 for anybody else's: ids in URLs are not trusted on their own). */
export async function getMyFund(db: Db, actor: Actor, fundId: string): Promise<TOwnFund> {
  const [row] = await db
    .select()
    .from(funds)
    .where(and(eq(funds.id, fundId), eq(funds.raiserId, actor.id)));
  if (!row) throw new NotFound('Fund');
  const totals = await withdrawalTotals(db, [row.id]);
  return toOwnFund(row, totalsOf(totals, row.id));
}

/** Update Your Fund: changes an own fund and keeps before → after in the audit trail. */
export async function updateFund(
  db: Db,
  actor: Actor,
  fundId: string,
  input: TUpdateFundRequest,
): Promise<TOwnFund> {
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
    if (next.suggestedPoisha > next.goalPoisha) {
      throw new Invalid(SUGGESTED_ABOVE_GOAL, { suggestedTk: SUGGESTED_ABOVE_GOAL });
    }
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const key of EDITABLE) {
      if (current[key] !== next[key]) {
        before[key] = current[key];
        after[key] = next[key];
      }
    }
    let row = current;
    if (Object.keys(after).length > 0) {
      const [updated] = await tx
        .update(funds)
        .set(next)
        .where(eq(funds.id, current.id))
        .returning();
      if (!updated) throw new NotFound('Fund');
      row = updated;
      await recordEvent(tx, current.id, actor.id, 'updated', before, after);
    }
    const totals = await withdrawalTotals(tx, [row.id]);
    return toOwnFund(row, totalsOf(totals, row.id));
  });
}

const raiser = alias(user, 'raiser');
const decider = alias(user, 'decider');

function adminFundQuery(db: Db | Tx, where: SQL | undefined) {
  return db
    .select({
      fund: funds,
      raiser: { id: raiser.id, name: raiser.name, email: raiser.email },
      decider: { id: decider.id, name: decider.name, email: decider.email },
    })
    .from(funds)
    .innerJoin(raiser, eq(raiser.id, funds.raiserId))
    .leftJoin(decider, eq(decider.id, funds.decidedBy))
    .where(where);
}

type AdminFundRow = Awaited<ReturnType<typeof adminFundQuery>>[number];

function toAdminFund({ fund, raiser: r, decider: d }: AdminFundRow): TAdminFund {
  return {
    id: fund.id,
    name: fund.name,
    image: fund.image,
    description: fund.description,
    cause: fund.cause,
    goalPoisha: fund.goalPoisha,
    suggestedPoisha: fund.suggestedPoisha,
    raisedPoisha: fund.raisedPoisha,
    donationCount: fund.donationCount,
    status: fund.status as DecisionStatus,
    feedback: fund.feedback,
    raiser: r,
    decidedBy: d && d.id ? { id: d.id, name: d.name, email: d.email } : null,
    decidedAt: fund.decidedAt?.toISOString() ?? null,
    createdAt: fund.createdAt.toISOString(),
  };
}

/** Manage Fund Request: every fund, any status, newest first. */
export async function listAdminFunds(
  db: Db,
  query: { status?: DecisionStatus; page: number; pageSize: number },
) {
  const where = query.status ? eq(funds.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    adminFundQuery(db, where)
      .orderBy(desc(funds.createdAt), desc(funds.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(funds).where(where),
  ]);
  return {
    items: rows.map(toAdminFund),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Approve or deny a pending fund request, once; recorded with the admin and the time. */
export async function decideFund(
  db: Db,
  admin: Actor,
  fundId: string,
  decision: { status: 'approved' | 'denied'; feedback: string | null },
): Promise<TAdminFund> {
  return db.transaction(async (tx) => {
    await decidePending(tx, funds, fundId, admin.id, decision, {
      what: 'Fund',
      subject: 'This fund request',
    });
    await recordEvent(
      tx,
      fundId,
      admin.id,
      decision.status,
      { status: 'pending' },
      { status: decision.status, feedback: decision.feedback },
    );
    const [row] = await adminFundQuery(tx, eq(funds.id, fundId));
    return toAdminFund(row!);
  });
}

/** A fund's audit trail, oldest first (admins). */
export async function listFundEvents(db: Db, fundId: string): Promise<{ items: TFundEvent[] }> {
  const [fund] = await db.select({ id: funds.id }).from(funds).where(eq(funds.id, fundId));
  if (!fund) throw new NotFound('Fund');
  const actor = alias(user, 'actor');
  const rows = await db
    .select({
      event: fundEvents,
      actor: { id: actor.id, name: actor.name, email: actor.email },
    })
    .from(fundEvents)
    .leftJoin(actor, eq(actor.id, fundEvents.actorId))
    .where(eq(fundEvents.fundId, fundId))
    .orderBy(fundEvents.createdAt, fundEvents.id);
  return {
    items: rows.map(({ event, actor: a }) => ({
      id: event.id,
      action: event.action,
      actor: a && a.id ? { id: a.id, name: a.name, email: a.email } : null,
      before: (event.before as Record<string, unknown> | null) ?? null,
      after: (event.after as Record<string, unknown> | null) ?? null,
      createdAt: event.createdAt.toISOString(),
    })),
  };
}
