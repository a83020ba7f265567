import { and, desc, eq, not, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DecisionStatus } from '@easyfund/shared/constants';
import type { TMe } from '@easyfund/shared/schemas/common';
import type { TAdminFund } from '@easyfund/shared/schemas/funds';
import type { Db, Tx } from '../../db/client';
import { fundChanges, funds, user } from '../../db/schema';
import { type Decision, decidePending, OWN_FUND_REQUEST } from '../decisions/service';
import { NotFound } from '../../lib/errors';
import { countUpTo, type PageRequest, paginate } from '../../lib/lists';
import { decideChange, holdFund, type PendingChange, pendingChanges } from './changes';
import { recordEvent } from './events';

/* Admins' side of funds: every fund request, and approving or denying one. */

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

function toAdminFund(
  { fund, raiser: r, decider: d }: AdminFundRow,
  pendingChange: PendingChange | null,
): TAdminFund {
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
    donorCount: fund.donorCount,
    status: fund.status as DecisionStatus,
    feedback: fund.feedback,
    version: fund.version,
    hold: fund.hold as TAdminFund['hold'],
    holdReason: fund.holdReason,
    pendingChange,
    raiser: r,
    decidedBy: d && d.id ? { id: d.id, name: d.name, email: d.email } : null,
    decidedAt: fund.decidedAt?.toISOString() ?? null,
    createdAt: fund.createdAt.toISOString(),
  };
}

/**
 * Manage Fund Request: every fund, any status; funds with a change waiting for review
 * first, then newest first. The two parts are read apart (the few funds with a waiting
 * change, then the rest by the newest-first index), so a page reads a page of funds
 * whatever their number; the total is counted up to `COUNT_CAP`.
 */
export async function listAdminFunds(
  db: Db,
  query: PageRequest & { status?: DecisionStatus | undefined },
) {
  const byStatus = query.status ? eq(funds.status, query.status) : undefined;
  const waiting = sql`exists (select 1 from ${fundChanges} where ${fundChanges.fundId} = ${funds.id} and ${fundChanges.status} = 'pending')`;
  const page = await paginate(
    query,
    async ({ limit, offset }) => {
      const first = await adminFundQuery(db, and(byStatus, waiting))
        .orderBy(desc(funds.createdAt), desc(funds.id))
        .limit(limit + offset);
      const shown = first.slice(offset);
      if (shown.length >= limit) return shown;
      const rest = await adminFundQuery(db, and(byStatus, not(waiting)))
        .orderBy(desc(funds.createdAt), desc(funds.id))
        .limit(limit - shown.length)
        .offset(Math.max(0, offset - first.length));
      return [...shown, ...rest];
    },
    countUpTo(
      db,
      db
        .select({ one: sql`1` })
        .from(funds)
        .where(byStatus)
        .$dynamic(),
    ),
    (row) => row,
  );
  const changes = await pendingChanges(
    db,
    page.items.map((r) => r.fund.id),
  );
  return {
    ...page,
    items: page.items.map((r) => toAdminFund(r, changes.get(r.fund.id) ?? null)),
  };
}

/** One fund as admins see it, inside the caller's transaction. */
async function adminFundOf(tx: Tx, fundId: string): Promise<TAdminFund> {
  const [row] = await adminFundQuery(tx, eq(funds.id, fundId));
  if (!row) throw new NotFound('Fund');
  const changes = await pendingChanges(tx, [fundId]);
  return toAdminFund(row, changes.get(fundId) ?? null);
}

/** An admin approves or denies a fund's pending material edit. */
export async function decideFundChange(
  db: Db,
  admin: Pick<TMe, 'id'>,
  fundId: string,
  decision: Decision,
): Promise<TAdminFund> {
  return db.transaction(async (tx) => {
    await decideChange(tx, admin, fundId, decision);
    return adminFundOf(tx, fundId);
  });
}

/** An admin suspends, closes or lifts the suspension of a fund. */
export async function holdFundAsAdmin(
  db: Db,
  admin: Pick<TMe, 'id'>,
  fundId: string,
  input: { action: 'suspend' | 'close' | 'lift'; reason: string | null; version: number },
): Promise<TAdminFund> {
  return db.transaction(async (tx) => {
    await holdFund(tx, admin, fundId, input);
    return adminFundOf(tx, fundId);
  });
}

/** Approve or deny a pending fund request, once; recorded with the admin and the time. */
export async function decideFund(
  db: Db,
  admin: Pick<TMe, 'id'>,
  fundId: string,
  decision: Decision,
): Promise<TAdminFund> {
  return db.transaction(async (tx) => {
    await decidePending(tx, funds, fundId, admin.id, decision, {
      what: 'Fund',
      subject: 'This fund request',
      own: OWN_FUND_REQUEST,
    });
    await recordEvent(
      tx,
      fundId,
      admin.id,
      decision.status,
      { status: 'pending' },
      { status: decision.status, feedback: decision.feedback },
    );
    return adminFundOf(tx, fundId);
  });
}
