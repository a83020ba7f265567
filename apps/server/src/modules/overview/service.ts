import { sql } from 'drizzle-orm';
import { CAUSE_IDS, type CauseId } from '@easyfund/shared/constants';
import { TIME_ZONE } from '@easyfund/shared/format';
import type { TAdminOverview, TWaiting } from '@easyfund/shared/schemas/overview';
import { type Db, rowsOf } from '../../db/client';
import { ofLedgerMode } from '../ledger/mode';
import { countFundsWithReportDue } from '../spending-reports/service';

/** Days shown in the per-day chart. */
export const OVERVIEW_DAYS = 90;

const int = (v: unknown) => Number(v ?? 0);

/**
 * Donations counted here are those the fund totals count: recorded donations (succeeded,
 * or refunded since) of the site's current money mode (live on a live site; test payments
 * never mix in). Amounts are net of what was refunded; the number of donations counts
 * those not wholly refunded. They are read from `donation_days`, the per-day totals the
 * database keeps as payments change (migration 0027), so a visit reads a few hundred rows
 * whatever the number of payments.
 */
const DAYS = sql`donation_days d where ${ofLedgerMode(sql`d.mode`)}`;

/** The Asia/Dhaka calendar day of a timestamp expression. */
const dhakaDay = (expr: ReturnType<typeof sql>) => sql`((${expr}) at time zone ${TIME_ZONE})::date`;
const TODAY = dhakaDay(sql`now()`);

/** Totals of today, the last 30 days (today included) and all time. */
async function totals(db: Db): Promise<TAdminOverview['totals']> {
  const [r] = rowsOf(
    await db.execute(sql`
      select
        coalesce(sum(d.donations) filter (where d.day = ${TODAY}), 0) as today_count,
        coalesce(sum(d.amount_poisha) filter (where d.day = ${TODAY}), 0) as today_amount,
        coalesce(sum(d.donations) filter (where d.day > ${TODAY} - 30), 0) as d30_count,
        coalesce(sum(d.amount_poisha) filter (where d.day > ${TODAY} - 30), 0) as d30_amount,
        coalesce(sum(d.donations), 0) as all_count,
        coalesce(sum(d.amount_poisha), 0) as all_amount
      from ${DAYS}`),
  );
  return {
    today: { count: int(r?.today_count), amountPoisha: int(r?.today_amount) },
    last30Days: { count: int(r?.d30_count), amountPoisha: int(r?.d30_amount) },
    allTime: { count: int(r?.all_count), amountPoisha: int(r?.all_amount) },
  };
}

/** Donations per Asia/Dhaka day over the last 90 days, every day present. */
async function perDay(db: Db): Promise<TAdminOverview['perDay']> {
  const rows = rowsOf(
    await db.execute(sql`
      with days as (
        select generate_series(${TODAY} - ${OVERVIEW_DAYS - 1}::int, ${TODAY}, interval '1 day')::date as day
      ),
      sums as (
        select d.day, sum(d.donations) as n, sum(d.amount_poisha) as amount
        from ${DAYS} and d.day > ${TODAY} - ${OVERVIEW_DAYS}::int
        group by d.day
      )
      select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(sums.n, 0) as n, coalesce(sums.amount, 0) as amount
      from days left join sums on sums.day = days.day
      order by days.day`),
  );
  return rows.map((r) => ({
    day: String(r.day),
    count: int(r.n),
    amountPoisha: int(r.amount),
  }));
}

/** All-time donations per cause (the fund's cause when each was given), in the causes' order. */
async function perCause(db: Db): Promise<TAdminOverview['perCause']> {
  const rows = rowsOf(
    await db.execute(sql`
      select d.cause, sum(d.donations) as n, sum(d.amount_poisha) as amount
      from ${DAYS}
      group by d.cause`),
  );
  const byCause = new Map(rows.map((r) => [String(r.cause), r]));
  return CAUSE_IDS.map((cause: CauseId) => ({
    cause,
    count: int(byCause.get(cause)?.n),
    amountPoisha: int(byCause.get(cause)?.amount),
  }));
}

/** How many items wait for an admin in each queue, in one round trip. */
export async function waitingCounts(db: Db): Promise<TWaiting> {
  const [r] = rowsOf(
    await db.execute(sql`
      select
        (select count(*) from verification_applications where status = 'pending') as applications,
        (select count(*) from funds where status = 'pending') as fund_requests,
        (select count(*) from fund_changes where status = 'pending') as fund_changes,
        (select count(*) from withdrawals w where w.status = 'pending' and ${ofLedgerMode(sql`w.mode`)}) as withdrawals,
        (select count(*) from fund_reports where status = 'open') as open_reports,
        (select count(*) from payments p where p.status = 'needs_review' and ${ofLedgerMode(sql`p.mode`)}) as needs_review,
        (select count(*) from spending_reports where status = 'pending') as spending_reports`),
  );
  return {
    applications: int(r?.applications),
    fundRequests: int(r?.fund_requests),
    fundChanges: int(r?.fund_changes),
    withdrawals: int(r?.withdrawals),
    openReports: int(r?.open_reports),
    needsReview: int(r?.needs_review),
    spendingReports: int(r?.spending_reports),
  };
}

/** The admin overview. */
export async function adminOverview(db: Db): Promise<TAdminOverview> {
  const [t, d, c, w, due] = await Promise.all([
    totals(db),
    perDay(db),
    perCause(db),
    waitingCounts(db),
    countFundsWithReportDue(db),
  ]);
  return { totals: t, perDay: d, perCause: c, waiting: w, reportsDue: due };
}
