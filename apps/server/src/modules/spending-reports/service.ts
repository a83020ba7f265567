import {
  and,
  asc,
  countDistinct,
  desc,
  eq,
  inArray,
  isNotNull,
  lte,
  notExists,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DecisionStatus } from '@easyfund/shared/constants';
import { tkToPoisha } from '@easyfund/shared/money';
import type { TMe } from '@easyfund/shared/schemas/common';
import {
  SPENDING_REPORT_DUE_DAYS,
  type TAdminSpendingReport,
  type TSpendingReport,
  type ZSpendingReportDecision,
  type ZSpendingReportRequest,
} from '@easyfund/shared/schemas/spending';
import type { Db, Tx } from '../../db/client';
import { funds, spendingReports, user, withdrawals } from '../../db/schema';
import { decider, deciderOf, personColumns, refuseChanged, refuseOwn } from '../decisions/service';
import { Conflict, NotFound } from '../../lib/errors';
import { countUpTo, type PageRequest, paginate } from '../../lib/lists';
import { recordEvent } from '../funds/events';
import { currentModeWithdrawal } from '../withdrawals/balance';

export const OWN_SPENDING_REPORT = 'Your own payout: another admin must decide on its report';

type Row = typeof spendingReports.$inferSelect;
type Line = { label: string; amountPoisha: number };

export function toReport(row: Row): TSpendingReport {
  return {
    id: row.id,
    withdrawalId: row.withdrawalId,
    body: row.body,
    lines: row.lines as Line[],
    totalPoisha: row.totalPoisha,
    photos: row.photos as string[],
    status: row.status as DecisionStatus,
    feedback: row.feedback,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * Each withdrawal's latest spending report (any status), or only its approved one: by
 * withdrawal id.
 */
export async function reportsOf(
  db: Db | Tx,
  withdrawalIds: string[],
  approvedOnly = false,
): Promise<Map<string, TSpendingReport>> {
  const found = new Map<string, TSpendingReport>();
  if (withdrawalIds.length === 0) return found;
  const rows = await db
    .select()
    .from(spendingReports)
    .where(
      and(
        inArray(spendingReports.withdrawalId, withdrawalIds),
        approvedOnly ? eq(spendingReports.status, 'approved') : undefined,
      ),
    )
    .orderBy(desc(spendingReports.createdAt), desc(spendingReports.id));
  for (const row of rows)
    if (!found.has(row.withdrawalId)) found.set(row.withdrawalId, toReport(row));
  return found;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * A paid payout's report is due once SPENDING_REPORT_DUE_DAYS have passed since the day it
 * was paid and none was approved.
 */
export function isReportDue(
  w: { status: string; paidOn: string | null },
  latest: TSpendingReport | undefined,
  now: Date = new Date(),
): boolean {
  if (w.status !== 'paid' || !w.paidOn) return false;
  if (latest?.status === 'approved') return false;
  const paid = Date.parse(`${w.paidOn}T00:00:00Z`);
  return now.getTime() - paid >= SPENDING_REPORT_DUE_DAYS * DAY_MS;
}

/**
 * The last payout day whose report is due now: the same clock as {@link isReportDue} (a
 * day counts from its midnight, UTC), as a YYYY-MM-DD day to compare with `paid_on`.
 */
export function reportDueCutoff(now: Date = new Date()): string {
  return new Date(now.getTime() - SPENDING_REPORT_DUE_DAYS * DAY_MS).toISOString().slice(0, 10);
}

/** SQL: a withdrawal of the site's money mode, paid on or before the cutoff, without an approved report. */
function dueWithdrawal(now: Date): SQL | undefined {
  return and(
    eq(withdrawals.status, 'paid'),
    lte(withdrawals.paidOn, reportDueCutoff(now)),
    currentModeWithdrawal,
    notExists(
      sql`(select 1 from ${spendingReports} where ${spendingReports.withdrawalId} = ${withdrawals.id} and ${spendingReports.status} = 'approved')`,
    ),
  );
}

/** Of the given funds, those with a payout whose spending report is due ("report due"). */
export async function fundsWithReportDue(
  db: Db | Tx,
  fundIds: string[],
  now: Date = new Date(),
): Promise<Set<string>> {
  if (fundIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ fundId: withdrawals.fundId })
    .from(withdrawals)
    .where(and(inArray(withdrawals.fundId, fundIds), dueWithdrawal(now)));
  return new Set(rows.map((r) => r.fundId));
}

/** How many funds have a payout whose spending report is due (the admin overview). */
export async function countFundsWithReportDue(db: Db, now: Date = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(withdrawals.fundId) })
    .from(withdrawals)
    .where(dueWithdrawal(now));
  return row?.n ?? 0;
}

/** What the e-mails of a published report need. */
export interface PublishedReport {
  fund: { id: string; name: string };
  report: { id: string; body: string; totalPoisha: number };
}

/**
 * The raiser reports how an own paid payout was spent; it waits for an admin. Another
 * person's payout is a 404; a payout not (or no longer) paid, one whose report waits or
 * is published, a 409. The withdrawal's row is locked: two reports posted at once cannot
 * both wait.
 */
export async function postSpendingReport(
  db: Db,
  actor: Pick<TMe, 'id'>,
  withdrawalId: string,
  input: z.output<typeof ZSpendingReportRequest>,
): Promise<TSpendingReport> {
  return db.transaction(async (tx) => {
    const [w] = await tx
      .select({ id: withdrawals.id, fundId: withdrawals.fundId, status: withdrawals.status })
      .from(withdrawals)
      .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.raiserId, actor.id)))
      .for('update');
    if (!w) throw new NotFound('Withdrawal');
    if (w.status !== 'paid')
      throw new Conflict('A spending report can be posted once the payout was paid', 'not_paid');
    const latest = (await reportsOf(tx, [w.id])).get(w.id);
    if (latest?.status === 'pending')
      throw new Conflict(
        "This payout's spending report is waiting for an admin's review",
        'report_pending_review',
      );
    if (latest?.status === 'approved')
      throw new Conflict("This payout's spending report is already published", 'report_published');
    const lines = input.lines.map((l) => ({
      label: l.label,
      amountPoisha: tkToPoisha(l.amountTk),
    }));
    const totalPoisha = lines.reduce((sum, l) => sum + l.amountPoisha, 0);
    const [row] = await tx
      .insert(spendingReports)
      .values({
        withdrawalId: w.id,
        fundId: w.fundId,
        authorId: actor.id,
        body: input.body,
        lines,
        totalPoisha,
        photos: input.photos,
      })
      .returning();
    if (!row) throw new Error('spending report not stored');
    await recordEvent(tx, w.fundId, actor.id, 'spending_report_posted', null, {
      reportId: row.id,
      withdrawalId: w.id,
      totalPoisha,
      lines,
      photos: input.photos,
    });
    return toReport(row);
  });
}

const author = alias(user, 'author');

function adminQuery(db: Db | Tx, where: SQL | undefined) {
  return db
    .select({
      report: spendingReports,
      fund: { id: funds.id, name: funds.name },
      payout: { amountPoisha: withdrawals.amountPoisha, paidOn: withdrawals.paidOn },
      author: personColumns(author),
      decider: personColumns(decider),
    })
    .from(spendingReports)
    .innerJoin(funds, eq(funds.id, spendingReports.fundId))
    .innerJoin(withdrawals, eq(withdrawals.id, spendingReports.withdrawalId))
    .innerJoin(author, eq(author.id, spendingReports.authorId))
    .leftJoin(decider, eq(decider.id, spendingReports.decidedBy))
    .where(where);
}

function toAdmin(r: Awaited<ReturnType<typeof adminQuery>>[number]): TAdminSpendingReport {
  return {
    ...toReport(r.report),
    version: r.report.version,
    fund: r.fund,
    payout: r.payout,
    author: r.author,
    decidedBy: deciderOf(r.decider),
  };
}

/** The admins' review list: waiting reports oldest first, or decided ones newest first. */
export async function listSpendingReportsForReview(
  db: Db,
  query: PageRequest & { status: DecisionStatus },
) {
  const where = and(
    eq(spendingReports.status, query.status),
    query.status === 'pending' ? undefined : isNotNull(spendingReports.decidedAt),
  );
  const order =
    query.status === 'pending'
      ? [asc(spendingReports.createdAt), asc(spendingReports.id)]
      : [desc(spendingReports.decidedAt), desc(spendingReports.id)];
  return paginate(
    query,
    ({ limit, offset }) =>
      adminQuery(db, where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    countUpTo(db, spendingReports, where),
    toAdmin,
  );
}

/**
 * An admin approves (it becomes public) or denies (with a reason) a waiting report, once,
 * on the version they were shown, and never one of their own payouts. A taken-down fund's
 * report is not published. Recorded in the fund's audit trail.
 */
export async function decideSpendingReport(
  db: Db,
  admin: Pick<TMe, 'id'>,
  reportId: string,
  decision: z.output<typeof ZSpendingReportDecision>,
): Promise<{ report: TAdminSpendingReport; published: PublishedReport | null }> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        status: spendingReports.status,
        version: spendingReports.version,
        authorId: spendingReports.authorId,
        fundId: spendingReports.fundId,
        hold: funds.hold,
      })
      .from(spendingReports)
      .innerJoin(funds, eq(funds.id, spendingReports.fundId))
      .where(eq(spendingReports.id, reportId))
      .for('update', { of: [spendingReports, funds] });
    if (!found) throw new NotFound('Spending report');
    refuseOwn(found.authorId, admin.id, OWN_SPENDING_REPORT);
    if (found.status !== 'pending')
      throw new Conflict(
        `This spending report has already been ${found.status}`,
        'already_decided',
      );
    refuseChanged(found.version, decision.version);
    if (found.hold && decision.status === 'approved')
      throw new Conflict('A suspended or closed fund publishes no spending report', 'fund_on_hold');
    await tx
      .update(spendingReports)
      .set({
        status: decision.status,
        feedback: decision.feedback,
        decidedBy: admin.id,
        decidedAt: new Date(),
      })
      .where(eq(spendingReports.id, reportId));
    await recordEvent(
      tx,
      found.fundId,
      admin.id,
      decision.status === 'approved' ? 'spending_report_approved' : 'spending_report_denied',
      { reportId, status: 'pending' },
      { reportId, status: decision.status, feedback: decision.feedback },
    );
    const [row] = await adminQuery(tx, eq(spendingReports.id, reportId));
    if (!row) throw new NotFound('Spending report');
    const report = toAdmin(row);
    return {
      report,
      published:
        decision.status === 'approved'
          ? {
              fund: row.fund,
              report: { id: report.id, body: report.body, totalPoisha: report.totalPoisha },
            }
          : null,
    };
  });
}
