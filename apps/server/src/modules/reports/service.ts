import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TMe } from '@easyfund/shared/schemas/common';
import type { ReportReason } from '@easyfund/shared/reports';
import type { TFundReport, TFundReportList } from '@easyfund/shared/schemas/reports';
import type { Db } from '../../db/client';
import { fundReports, funds, user } from '../../db/schema';
import { deciderOf, OWN_FUND_REPORT, personColumns, refuseOwn } from '../decisions/service';
import { NotFound } from '../../lib/errors';
import type { PageRequest } from '../../lib/lists';
import { countUpTo, paginate } from '../../lib/lists';

/** "Report this fund": any fund a person can see (approved). */
export async function createReport(
  db: Db,
  reporter: { me: TMe; admin: boolean },
  fundId: string,
  input: { reason: ReportReason; details: string },
): Promise<{ id: string }> {
  const [fund] = await db
    .select({ id: funds.id, status: funds.status, raiserId: funds.raiserId })
    .from(funds)
    .where(eq(funds.id, fundId));
  const visible =
    fund && (fund.status === 'approved' || reporter.admin || reporter.me.id === fund.raiserId);
  if (!fund || !visible) throw new NotFound('Fund');
  const [row] = await db
    .insert(fundReports)
    .values({ fundId, reporterId: reporter.me.id, reason: input.reason, details: input.details })
    .returning({ id: fundReports.id });
  return { id: row!.id };
}

const reporter = alias(user, 'reporter');

function reportQuery(db: Db) {
  return db
    .select({
      report: fundReports,
      fund: { id: funds.id, name: funds.name },
      reporter: personColumns(reporter),
    })
    .from(fundReports)
    .innerJoin(funds, eq(funds.id, fundReports.fundId))
    .leftJoin(reporter, eq(reporter.id, fundReports.reporterId));
}

type ReportRow = Awaited<ReturnType<ReturnType<typeof reportQuery>['where']>>[number];

function toReport({ report, fund, reporter: r }: ReportRow): TFundReport {
  return {
    id: report.id,
    fund,
    reporter: deciderOf(r),
    reason: report.reason as ReportReason,
    details: report.details,
    status: report.status as TFundReport['status'],
    createdAt: report.createdAt.toISOString(),
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
  };
}

/** The admins' queue: open (or resolved) reports, newest first. */
export async function listReports(
  db: Db,
  query: PageRequest & { status: 'open' | 'resolved' },
): Promise<TFundReportList> {
  const where = eq(fundReports.status, query.status);
  return paginate(
    query,
    ({ limit, offset }) =>
      reportQuery(db)
        .where(where)
        .orderBy(desc(fundReports.createdAt), desc(fundReports.id))
        .limit(limit)
        .offset(offset),
    countUpTo(db, fundReports, where),
    toReport,
  );
}

/** An admin marks a report resolved, or open again. */
export async function resolveReport(
  db: Db,
  admin: TMe,
  id: string,
  status: 'open' | 'resolved',
): Promise<TFundReport> {
  const resolved = status === 'resolved';
  const [about] = await db
    .select({ raiserId: funds.raiserId })
    .from(fundReports)
    .innerJoin(funds, eq(funds.id, fundReports.fundId))
    .where(eq(fundReports.id, id));
  if (!about) throw new NotFound('Report');
  refuseOwn(about.raiserId, admin.id, OWN_FUND_REPORT);
  const [updated] = await db
    .update(fundReports)
    .set({
      status,
      resolvedBy: resolved ? admin.id : null,
      resolvedAt: resolved ? new Date() : null,
    })
    .where(eq(fundReports.id, id))
    .returning({ id: fundReports.id });
  if (!updated) throw new NotFound('Report');
  const [row] = await reportQuery(db).where(and(eq(fundReports.id, id)));
  return toReport(row!);
}
