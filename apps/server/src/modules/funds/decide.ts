import { count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DecisionStatus } from '@easyfund/shared/constants';
import type { TMe } from '@easyfund/shared/schemas/common';
import type { TAdminFund } from '@easyfund/shared/schemas/funds';
import type { Db, Tx } from '../../db/client';
import { funds, user } from '../../db/schema';
import { type Decision, decidePending } from '../../lib/decisions';
import { type PageRequest, paginate } from '../../lib/lists';
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
  query: PageRequest & { status?: DecisionStatus | undefined },
) {
  const where = query.status ? eq(funds.status, query.status) : undefined;
  return paginate(
    query,
    ({ limit, offset }) =>
      adminFundQuery(db, where)
        .orderBy(desc(funds.createdAt), desc(funds.id))
        .limit(limit)
        .offset(offset),
    db.select({ n: count() }).from(funds).where(where),
    toAdminFund,
  );
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
