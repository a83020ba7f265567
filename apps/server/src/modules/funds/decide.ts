import { and, desc, eq, not, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DecisionStatus } from '@easyfund/shared/constants';
import type { TMe } from '@easyfund/shared/schemas/common';
import type { TAdminFund } from '@easyfund/shared/schemas/funds';
import type { Db, Tx } from '../../db/client';
import { fundChanges, funds, user } from '../../db/schema';
import {
  type Decision,
  decisionOn,
  deciderOf,
  OWN_FUND_REQUEST,
  personColumns,
  reviewedRequests,
} from '../decisions/service';
import { NotFound } from '../../lib/errors';
import { countUpTo, type PageRequest, paginate } from '../../lib/lists';
import { decideChange, holdFund, type PendingChange, pendingChanges } from './changes';
import { fundsWithReportDue } from '../spending-reports/service';
import { recordEvent } from './events';
import { fundStateOf } from './manage';

/* Admins' side of funds: every fund request, and approving or denying one. */

const raiser = alias(user, 'raiser');

function adminFundQuery(db: Db | Tx, where: SQL | undefined) {
  const fields = { fund: funds, raiser: personColumns(raiser) };
  return reviewedRequests(db, funds, { alias: raiser, on: funds.raiserId }, fields, where);
}

type AdminFundRow = Awaited<ReturnType<typeof adminFundQuery>>[number];

function toAdminFund(
  { fund, raiser: r, decider: d }: AdminFundRow,
  pendingChange: PendingChange | null,
  reportDue: boolean,
): TAdminFund {
  return {
    ...fundStateOf(fund),
    version: fund.version,
    pendingChange,
    raiser: r,
    decidedBy: deciderOf(d),
    decidedAt: fund.decidedAt?.toISOString() ?? null,
    reportDue,
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
    countUpTo(db, funds, byStatus),
    (row) => row,
  );
  const ids = page.items.map((r) => r.fund.id);
  const [changes, due] = await Promise.all([pendingChanges(db, ids), fundsWithReportDue(db, ids)]);
  return {
    ...page,
    items: page.items.map((r) =>
      toAdminFund(r, changes.get(r.fund.id) ?? null, due.has(r.fund.id)),
    ),
  };
}

/** One fund as admins see it, inside the caller's transaction. */
async function adminFundOf(tx: Tx, fundId: string): Promise<TAdminFund> {
  const [row] = await adminFundQuery(tx, eq(funds.id, fundId));
  if (!row) throw new NotFound('Fund');
  const changes = await pendingChanges(tx, [fundId]);
  const due = await fundsWithReportDue(tx, [fundId]);
  return toAdminFund(row, changes.get(fundId) ?? null, due.has(fundId));
}

/** Runs an admin's step on a fund, then reads the fund back as admins see it, in one transaction. */
function withAdminFund(
  db: Db,
  fundId: string,
  step: (tx: Tx) => Promise<unknown>,
): Promise<TAdminFund> {
  return db.transaction(async (tx) => {
    await step(tx);
    return adminFundOf(tx, fundId);
  });
}

/** An admin approves or denies a fund's pending material edit. */
export async function decideFundChange(
  db: Db,
  admin: Pick<TMe, 'id'>,
  fundId: string,
  decision: Decision,
): Promise<TAdminFund> {
  return withAdminFund(db, fundId, (tx) => decideChange(tx, admin, fundId, decision));
}

/** An admin suspends, closes or lifts the suspension of a fund. */
export async function holdFundAsAdmin(
  db: Db,
  admin: Pick<TMe, 'id'>,
  fundId: string,
  input: { action: 'suspend' | 'close' | 'lift'; reason: string | null; version: number },
): Promise<TAdminFund> {
  return withAdminFund(db, fundId, (tx) => holdFund(tx, admin, fundId, input));
}

const FUND_REQUEST = { what: 'Fund', subject: 'This fund request', own: OWN_FUND_REQUEST };

/** Approve or deny a pending fund request, once; recorded with the admin and the time. */
export const decideFund = decisionOn(
  funds,
  FUND_REQUEST,
  async (tx, fundId, admin, decision): Promise<TAdminFund> => {
    await recordEvent(
      tx,
      fundId,
      admin.id,
      decision.status,
      { status: 'pending' },
      { status: decision.status, feedback: decision.feedback },
    );
    return adminFundOf(tx, fundId);
  },
);
