import { sql } from 'drizzle-orm';
import { CAUSE_IDS, type CauseId } from '@easyfund/shared/constants';
import { TIME_ZONE } from '@easyfund/shared/format';
import type { TAdminOverview, TWaiting } from '@easyfund/shared/schemas/overview';
import { type Db, rowsOf } from '../../db/client';
import { ofLedgerMode } from '../../lib/ledger-mode';

/** Days shown in the per-day chart. */
export const OVERVIEW_DAYS = 90;

const int = (v: unknown) => Number(v ?? 0);

/**
 * Payments that count here are those the fund totals count: recorded donations
 * (succeeded, or refunded since) of the site's current money mode (live on a live site;
 * test payments never mix in). Amounts are net of what was refunded; the number of
 * donations counts those not wholly refunded.
 */
const DONATION = sql`p.status in ('succeeded', 'refunded') and ${ofLedgerMode(sql`p.mode`)}`;
const NET = sql`(p.amount_poisha - p.refunded_poisha)`;
const KEPT = sql`p.status = 'succeeded'`;

/** The Asia/Dhaka calendar day of a timestamp expression. */
const dhakaDay = (expr: ReturnType<typeof sql>) => sql`((${expr}) at time zone ${TIME_ZONE})::date`;

/** Totals of today, the last 30 days (today included) and all time, in one scan. */
async function totals(db: Db): Promise<TAdminOverview['totals']> {
  const today = dhakaDay(sql`now()`);
  const day = dhakaDay(sql`p.succeeded_at`);
  const [r] = rowsOf(
    await db.execute(sql`
      select
        count(*) filter (where ${KEPT} and ${day} = ${today}) as today_count,
        coalesce(sum(${NET}) filter (where ${day} = ${today}), 0) as today_amount,
        count(*) filter (where ${KEPT} and ${day} > ${today} - 30) as d30_count,
        coalesce(sum(${NET}) filter (where ${day} > ${today} - 30), 0) as d30_amount,
        count(*) filter (where ${KEPT}) as all_count,
        coalesce(sum(${NET}), 0) as all_amount
      from payments p
      where ${DONATION}`),
  );
  return {
    today: { count: int(r?.today_count), amountPoisha: int(r?.today_amount) },
    last30Days: { count: int(r?.d30_count), amountPoisha: int(r?.d30_amount) },
    allTime: { count: int(r?.all_count), amountPoisha: int(r?.all_amount) },
  };
}

/** Donations per Asia/Dhaka day over the last 90 days, every day present. */
async function perDay(db: Db): Promise<TAdminOverview['perDay']> {
  const today = dhakaDay(sql`now()`);
  const rows = rowsOf(
    await db.execute(sql`
      with days as (
        select generate_series(${today} - ${OVERVIEW_DAYS - 1}::int, ${today}, interval '1 day')::date as day
      ),
      sums as (
        select ${dhakaDay(sql`p.succeeded_at`)} as day, count(*) filter (where ${KEPT}) as n,
          sum(${NET}) as amount
        from payments p
        where ${DONATION}
          and p.succeeded_at >= (${today} - ${OVERVIEW_DAYS - 1}::int)::timestamp at time zone ${TIME_ZONE}
        group by 1
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

/** All-time donations per cause, in the causes' order. */
async function perCause(db: Db): Promise<TAdminOverview['perCause']> {
  const rows = rowsOf(
    await db.execute(sql`
      select f.cause, count(*) filter (where ${KEPT}) as n, sum(${NET}) as amount
      from payments p join funds f on f.id = p.fund_id
      where ${DONATION}
      group by f.cause`),
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
        (select count(*) from payments p where p.status = 'needs_review' and ${ofLedgerMode(sql`p.mode`)}) as needs_review`),
  );
  return {
    applications: int(r?.applications),
    fundRequests: int(r?.fund_requests),
    fundChanges: int(r?.fund_changes),
    withdrawals: int(r?.withdrawals),
    openReports: int(r?.open_reports),
    needsReview: int(r?.needs_review),
  };
}

/** The admin overview. */
export async function adminOverview(db: Db): Promise<TAdminOverview> {
  const [t, d, c, w] = await Promise.all([totals(db), perDay(db), perCause(db), waitingCounts(db)]);
  return { totals: t, perDay: d, perCause: c, waiting: w };
}
