import { type SQL, sql } from 'drizzle-orm';
import { causeTitle } from '@easyfund/shared/constants';
import { TIME_ZONE } from '@easyfund/shared/format';
import type { Language } from '@easyfund/shared/i18n/languages';
import type { TExportRange } from '@easyfund/shared/schemas/exports';
import { type Db, type Row, rowsOf } from '../../db/client';
import { translate } from '../../lib/i18n';
import { ofLedgerMode } from '../../lib/ledger-mode';
import { tkCell } from './csv';

/** Rows read per query: the export holds one page in memory, never the whole file. */
export const EXPORT_PAGE_SIZE = 500;

/** A timestamp column as Asia/Dhaka local time, `YYYY-MM-DD HH:MM:SS`. */
export const dhaka = (column: SQL) =>
  sql`to_char((${column}) at time zone ${TIME_ZONE}, 'YYYY-MM-DD HH24:MI:SS')`;

/** The start of an Asia/Dhaka day, and of the day after another. */
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone ${TIME_ZONE}`;
const dayAfter = (day: string) => sql`(${day}::date + 1)::timestamp at time zone ${TIME_ZONE}`;

/**
 * Reads a query page by page in the order of (`at`, `id`): keyset pagination, so a page
 * costs an index range scan however far into the export it is, and rows written meanwhile
 * neither repeat nor shift the pages. `select` must return `k_at` (the key timestamp as
 * text, full precision) and `k_id`.
 */
export async function* keyset(
  db: Db,
  page: (after: SQL) => SQL,
  atColumn: SQL,
  idColumn: SQL,
): AsyncGenerator<Row> {
  let after: SQL = sql`true`;
  for (;;) {
    const rows = rowsOf(await db.execute(page(after)));
    for (const row of rows) yield row;
    if (rows.length < EXPORT_PAGE_SIZE) return;
    const last = rows.at(-1)!;
    after = sql`(${atColumn}, ${idColumn}) > (${String(last.k_at)}::timestamptz, ${String(last.k_id)}::uuid)`;
  }
}

/** The donations to a raiser's own funds, as the raiser sees them: anonymous donors stay so. */
export async function* raiserDonationRows(
  db: Db,
  raiserId: string,
  lang: Language,
): AsyncGenerator<string[]> {
  const anonymous = translate(lang, 'Anonymous');
  const rows = keyset(
    db,
    (after) => sql`
      select p.succeeded_at::text as k_at, p.id as k_id, ${dhaka(sql`p.succeeded_at`)} as at,
        f.name as fund, p.anonymous, u.name as donor, p.amount_poisha, p.status
      from payments p
        join funds f on f.id = p.fund_id
        join "user" u on u.id = p.user_id
      where f.raiser_id = ${raiserId} and p.status in ('succeeded', 'refunded')
        and p.succeeded_at is not null and ${ofLedgerMode(sql`p.mode`)} and ${after}
      order by p.succeeded_at, p.id
      limit ${EXPORT_PAGE_SIZE}`,
    sql`p.succeeded_at`,
    sql`p.id`,
  );
  for await (const r of rows) {
    yield [
      String(r.at),
      String(r.fund),
      r.anonymous ? anonymous : String(r.donor),
      tkCell(Number(r.amount_poisha)),
      r.status === 'refunded' ? translate(lang, 'Refunded') : translate(lang, 'Succeeded'),
    ];
  }
}
export const raiserDonationHeader = (lang: Language) => [
  translate(lang, 'Date (Asia/Dhaka)'),
  translate(lang, 'Fund'),
  translate(lang, 'Donor'),
  translate(lang, 'Amount (Tk)'),
  translate(lang, 'Status'),
];

/** Every payment created in the range, for admins: donor and fund in full. */
export async function* paymentRows(db: Db, range: TExportRange): AsyncGenerator<string[]> {
  const rows = keyset(
    db,
    (after) => sql`
      select p.created_at::text as k_at, p.id as k_id, ${dhaka(sql`p.created_at`)} as created,
        ${dhaka(sql`p.succeeded_at`)} as succeeded, p.status, p.provider, p.provider_payment_id,
        f.id as fund_id, f.name as fund, f.cause, u.name as donor, u.email, p.anonymous,
        p.amount_poisha, p.refunded_poisha, p.mode
      from payments p
        join funds f on f.id = p.fund_id
        join "user" u on u.id = p.user_id
      where p.created_at >= ${dayStart(range.from)} and p.created_at < ${dayAfter(range.to)}
        and ${ofLedgerMode(sql`p.mode`)} and ${after}
      order by p.created_at, p.id
      limit ${EXPORT_PAGE_SIZE}`,
    sql`p.created_at`,
    sql`p.id`,
  );
  for await (const r of rows) {
    yield [
      String(r.k_id),
      String(r.created),
      r.succeeded === null ? '' : String(r.succeeded),
      String(r.status),
      String(r.provider),
      String(r.provider_payment_id),
      String(r.fund_id),
      String(r.fund),
      causeTitle(String(r.cause)),
      String(r.donor),
      String(r.email),
      r.anonymous ? 'yes' : 'no',
      tkCell(Number(r.amount_poisha)),
      tkCell(Number(r.refunded_poisha)),
      String(r.mode),
    ];
  }
}
export const PAYMENT_HEADER = [
  'Payment id',
  'Created (Asia/Dhaka)',
  'Succeeded (Asia/Dhaka)',
  'Status',
  'Provider',
  'Provider payment id',
  'Fund id',
  'Fund',
  'Cause',
  'Donor',
  'Donor e-mail',
  'Anonymous',
  'Amount (Tk)',
  'Refunded (Tk)',
  'Mode',
];

/** Every withdrawal request made in the range, for admins. */
export async function* withdrawalRows(db: Db, range: TExportRange): AsyncGenerator<string[]> {
  const rows = keyset(
    db,
    (after) => sql`
      select w.created_at::text as k_at, w.id as k_id, ${dhaka(sql`w.created_at`)} as created,
        ${dhaka(sql`w.decided_at`)} as decided, w.status, f.id as fund_id, f.name as fund,
        r.name as raiser, r.email, w.amount_poisha, w.feedback, d.name as decider, w.mode
      from withdrawals w
        join funds f on f.id = w.fund_id
        join "user" r on r.id = w.raiser_id
        left join "user" d on d.id = w.decided_by
      where w.created_at >= ${dayStart(range.from)} and w.created_at < ${dayAfter(range.to)}
        and ${ofLedgerMode(sql`w.mode`)} and ${after}
      order by w.created_at, w.id
      limit ${EXPORT_PAGE_SIZE}`,
    sql`w.created_at`,
    sql`w.id`,
  );
  for await (const r of rows) {
    yield [
      String(r.k_id),
      String(r.created),
      String(r.status),
      r.decided === null ? '' : String(r.decided),
      r.decider === null ? '' : String(r.decider),
      String(r.fund_id),
      String(r.fund),
      String(r.raiser),
      String(r.email),
      tkCell(Number(r.amount_poisha)),
      r.feedback === null ? '' : String(r.feedback),
      String(r.mode),
    ];
  }
}
export const WITHDRAWAL_HEADER = [
  'Withdrawal id',
  'Requested (Asia/Dhaka)',
  'Status',
  'Decided (Asia/Dhaka)',
  'Decided by',
  'Fund id',
  'Fund',
  'Raiser',
  'Raiser e-mail',
  'Amount (Tk)',
  'Feedback',
  'Mode',
];

/** Every refund, dispute or reinstatement recorded in the range, for admins. */
export async function* refundRows(db: Db, range: TExportRange): AsyncGenerator<string[]> {
  const rows = keyset(
    db,
    (after) => sql`
      select x.created_at::text as k_at, x.id as k_id, ${dhaka(sql`x.created_at`)} as created,
        x.kind, x.amount_poisha, x.source, p.id as payment_id, p.provider_payment_id,
        p.amount_poisha as paid_poisha, p.mode, f.name as fund, u.name as donor, u.email
      from refunds x
        join payments p on p.id = x.payment_id
        join funds f on f.id = p.fund_id
        join "user" u on u.id = p.user_id
      where x.created_at >= ${dayStart(range.from)} and x.created_at < ${dayAfter(range.to)}
        and ${ofLedgerMode(sql`p.mode`)} and ${after}
      order by x.created_at, x.id
      limit ${EXPORT_PAGE_SIZE}`,
    sql`x.created_at`,
    sql`x.id`,
  );
  for await (const r of rows) {
    yield [
      String(r.k_id),
      String(r.created),
      String(r.kind),
      tkCell(Number(r.amount_poisha)),
      String(r.payment_id),
      String(r.provider_payment_id),
      tkCell(Number(r.paid_poisha)),
      String(r.fund),
      String(r.donor),
      String(r.email),
      String(r.source),
      String(r.mode),
    ];
  }
}
export const REFUND_HEADER = [
  'Refund id',
  'Recorded (Asia/Dhaka)',
  'Kind',
  'Amount (Tk)',
  'Payment id',
  'Provider payment id',
  'Paid (Tk)',
  'Fund',
  'Donor',
  'Donor e-mail',
  'Source',
  'Mode',
];
