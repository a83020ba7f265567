import { type SQL, sql } from 'drizzle-orm';
import { causeTitle, PAYMENT_METHOD_NAMES, type PaymentMethod } from '@easyfund/shared/constants';
import { TIME_ZONE } from '@easyfund/shared/format';
import type { Language } from '@easyfund/shared/i18n/languages';
import type { TExportRange } from '@easyfund/shared/schemas/downloads';
import { type Db, isEmbedded, type Row, rowsOf } from '../../db/client';
import { translate } from '../../lib/i18n';
import { ofLedgerMode } from '../ledger/mode';
import { shownTransactionId } from '../payments/views';
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
 * A page of an export's rows. On the embedded database the page comes as one JSON text
 * (`isEmbedded`): an export's page is 500 rows of up to 21 columns, and one field instead
 * of 10,000 reads it in a third of the time; the rows are in the page's order (its key) and
 * hold the same values (numbers, booleans, text and nulls). PostgreSQL's driver reads
 * fields for less than the JSON costs to build and parse, so there the page is read as is.
 */
async function pageOf(db: Db, page: SQL): Promise<Row[]> {
  if (!isEmbedded(db)) return rowsOf(await db.execute(page));
  const [row] = rowsOf<{ page: string }>(
    await db.execute(sql`select coalesce(json_agg(e order by e.k_at::timestamptz, e.k_id),
      '[]')::text as page from (${page}) e`),
  );
  return JSON.parse(row!.page) as Row[];
}

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
    const rows = await pageOf(db, page(after));
    for (const row of rows) yield row;
    if (rows.length < EXPORT_PAGE_SIZE) return;
    const last = rows.at(-1)!;
    after = sql`(${atColumn}, ${idColumn}) > (${String(last.k_at)}::timestamptz, ${String(last.k_id)}::uuid)`;
  }
}

/** The parts of an export's query: the key (`at`, `id`) and what it reads, from where. */
interface ExportQuery {
  at: SQL;
  id: SQL;
  select: SQL;
  from: SQL;
  where: SQL;
}

/** An export's rows in the order of its key, read by {@link keyset} a page at a time. */
const exportRows = (db: Db, q: ExportQuery) =>
  keyset(
    db,
    (after) => sql`
      select ${q.at}::text as k_at, ${q.id} as k_id, ${q.select}
      from ${q.from}
      where ${q.where} and ${after}
      order by ${q.at}, ${q.id}
      limit ${EXPORT_PAGE_SIZE}`,
    q.at,
    q.id,
  );

/** A timestamp within the Asia/Dhaka days of an admin's range, both ends included. */
const inRange = (column: SQL, range: TExportRange) =>
  sql`${column} >= ${dayStart(range.from)} and ${column} < ${dayAfter(range.to)}`;

/** A nullable text cell: empty when the column is null. */
const cell = (value: unknown) => (value === null ? '' : String(value));

/** A succeeded (or refunded) donation of the site's money mode, by its payment row. */
const settledDonation = sql`payments.status in ('succeeded', 'refunded')
  and payments.succeeded_at is not null and ${ofLedgerMode(sql`payments.mode`)}`;

/** A donation's state on the papers: succeeded, partly refunded or refunded. */
export function paperStatus(lang: Language, status: string, refundedPoisha: number): string {
  if (status === 'refunded') return translate(lang, 'Refunded');
  return refundedPoisha > 0 ? translate(lang, 'Partly refunded') : translate(lang, 'Succeeded');
}

/** A settled donation's amount, refunded, kept, state and refund reasons, as cells. */
function donationCells(lang: Language, r: Row): string[] {
  const amount = Number(r.amount_poisha);
  const refunded = Number(r.refunded_poisha);
  return [
    tkCell(amount),
    tkCell(refunded),
    tkCell(amount - refunded),
    paperStatus(lang, String(r.status), refunded),
    cell(r.reasons),
  ];
}

/** Every refund's reason of a payment, oldest first, as one cell (SQL, per row). */
const refundReasons = (paymentId: SQL) => sql`(select string_agg(x.reason, '; '
    order by x.created_at, x.id) from refunds x where x.payment_id = ${paymentId}
    and x.reason is not null)`;
/** Every credit note number of a payment, oldest first, as one cell (SQL, per row). */
const creditNotes = (paymentId: SQL) => sql`(select string_agg(x.credit_note_number, ' '
    order by x.created_at, x.id) from refunds x where x.payment_id = ${paymentId})`;

/**
 * The donations to a raiser's own funds, as the raiser sees them: anonymous donors stay so;
 * what was refunded, why, and what the fund kept.
 */
export async function* raiserDonationRows(
  db: Db,
  raiserId: string,
  lang: Language,
): AsyncGenerator<string[]> {
  const anonymous = translate(lang, 'Anonymous');
  const rows = exportRows(db, {
    at: sql`payments.succeeded_at`,
    id: sql`payments.id`,
    select: sql`${dhaka(sql`payments.succeeded_at`)} as at, f.name as fund, payments.anonymous,
      u.name as donor, payments.amount_poisha, payments.refunded_poisha, payments.status,
      payments.zakat, ${refundReasons(sql`payments.id`)} as reasons`,
    from: sql`payments
      join funds f on f.id = payments.fund_id
      join "user" u on u.id = payments.user_id`,
    where: sql`f.raiser_id = ${raiserId} and ${settledDonation}`,
  });
  for await (const r of rows) {
    yield [
      String(r.at),
      String(r.fund),
      r.anonymous ? anonymous : String(r.donor),
      ...donationCells(lang, r),
      r.zakat ? translate(lang, 'Zakat') : '',
    ];
  }
}
export const raiserDonationHeader = (lang: Language) => [
  translate(lang, 'Date (Asia/Dhaka)'),
  translate(lang, 'Fund'),
  translate(lang, 'Donor'),
  translate(lang, 'Amount (Tk)'),
  translate(lang, 'Refunded (Tk)'),
  translate(lang, 'Kept (Tk)'),
  translate(lang, 'Status'),
  translate(lang, 'Refund reason'),
  translate(lang, 'Zakat'),
];

/**
 * The signed-in donor's own gifts (of the site's money mode), for their records: receipt,
 * fund, method, the transaction id the receipt shows, what was refunded and the credit
 * notes, and whether it was Zakat.
 */
export async function* donorGiftRows(
  db: Db,
  donorId: string,
  lang: Language,
): AsyncGenerator<string[]> {
  const rows = exportRows(db, {
    at: sql`payments.succeeded_at`,
    id: sql`payments.id`,
    select: sql`${dhaka(sql`payments.succeeded_at`)} as at, payments.receipt_number,
      f.name as fund, payments.method, ${shownTransactionId} as transaction_id,
      payments.amount_poisha, payments.refunded_poisha, payments.status, payments.zakat,
      ${refundReasons(sql`payments.id`)} as reasons, ${creditNotes(sql`payments.id`)} as notes`,
    from: sql`payments join funds f on f.id = payments.fund_id`,
    where: sql`payments.user_id = ${donorId} and ${settledDonation}`,
  });
  for await (const r of rows) {
    yield [
      String(r.at),
      cell(r.receipt_number),
      String(r.fund),
      translate(lang, PAYMENT_METHOD_NAMES[r.method as PaymentMethod] ?? String(r.method)),
      String(r.transaction_id),
      ...donationCells(lang, r),
      cell(r.notes),
      r.zakat ? translate(lang, 'Zakat') : '',
    ];
  }
}
export const donorGiftHeader = (lang: Language) => [
  translate(lang, 'Date (Asia/Dhaka)'),
  translate(lang, 'Receipt number'),
  translate(lang, 'Fund'),
  translate(lang, 'Payment method'),
  translate(lang, 'Transaction ID'),
  translate(lang, 'Amount (Tk)'),
  translate(lang, 'Refunded (Tk)'),
  translate(lang, 'Kept (Tk)'),
  translate(lang, 'Status'),
  translate(lang, 'Refund reason'),
  translate(lang, 'Credit notes'),
  translate(lang, 'Zakat'),
];

/** Every payment created in the range, for admins: donor and fund in full. */
export async function* paymentRows(db: Db, range: TExportRange): AsyncGenerator<string[]> {
  const rows = exportRows(db, {
    at: sql`payments.created_at`,
    id: sql`payments.id`,
    select: sql`${dhaka(sql`payments.created_at`)} as created,
      ${dhaka(sql`payments.succeeded_at`)} as succeeded, payments.status, payments.provider,
      payments.provider_payment_id, payments.receipt_number, payments.method,
      ${shownTransactionId} as transaction_id, f.id as fund_id, f.name as fund, f.cause,
      u.name as donor, u.email, payments.anonymous, payments.amount_poisha,
      payments.refunded_poisha, payments.mode, payments.zakat,
      ${refundReasons(sql`payments.id`)} as reasons`,
    from: sql`payments
      join funds f on f.id = payments.fund_id
      join "user" u on u.id = payments.user_id`,
    where: sql`${inRange(sql`payments.created_at`, range)} and ${ofLedgerMode(sql`payments.mode`)}`,
  });
  for await (const r of rows) {
    const amount = Number(r.amount_poisha);
    const refunded = Number(r.refunded_poisha);
    yield [
      String(r.k_id),
      cell(r.receipt_number),
      String(r.created),
      cell(r.succeeded),
      // A partly refunded payment says so (its status stays 'succeeded').
      r.status === 'succeeded' && refunded > 0 ? 'partly_refunded' : String(r.status),
      String(r.method),
      // The id the receipt shows: the gateway's own (bank_tran_id), else the provider's.
      String(r.transaction_id),
      String(r.provider),
      String(r.provider_payment_id),
      String(r.fund_id),
      String(r.fund),
      causeTitle(String(r.cause)),
      String(r.donor),
      String(r.email),
      r.anonymous ? 'yes' : 'no',
      r.zakat ? 'yes' : 'no',
      tkCell(amount),
      tkCell(refunded),
      tkCell(r.status === 'succeeded' || r.status === 'refunded' ? amount - refunded : 0),
      cell(r.reasons),
      String(r.mode),
    ];
  }
}
export const PAYMENT_HEADER = [
  'Payment id',
  'Receipt number',
  'Created (Asia/Dhaka)',
  'Succeeded (Asia/Dhaka)',
  'Status',
  'Method',
  'Transaction id',
  'Provider',
  'Provider payment id',
  'Fund id',
  'Fund',
  'Cause',
  'Donor',
  'Donor e-mail',
  'Anonymous',
  'Zakat',
  'Amount (Tk)',
  'Refunded (Tk)',
  'Net (Tk)',
  'Refund reason',
  'Mode',
];

/** Every withdrawal request made in the range, for admins. */
export async function* withdrawalRows(db: Db, range: TExportRange): AsyncGenerator<string[]> {
  const rows = exportRows(db, {
    at: sql`w.created_at`,
    id: sql`w.id`,
    select: sql`${dhaka(sql`w.created_at`)} as created, ${dhaka(sql`w.decided_at`)} as decided,
      w.status, f.id as fund_id, f.name as fund, r.name as raiser, r.email, w.amount_poisha,
      w.feedback, d.name as decider, w.mode`,
    from: sql`withdrawals w
      join funds f on f.id = w.fund_id
      join "user" r on r.id = w.raiser_id
      left join "user" d on d.id = w.decided_by`,
    where: sql`${inRange(sql`w.created_at`, range)} and ${ofLedgerMode(sql`w.mode`)}`,
  });
  for await (const r of rows) {
    yield [
      String(r.k_id),
      String(r.created),
      String(r.status),
      cell(r.decided),
      cell(r.decider),
      String(r.fund_id),
      String(r.fund),
      String(r.raiser),
      String(r.email),
      tkCell(Number(r.amount_poisha)),
      cell(r.feedback),
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
  const rows = exportRows(db, {
    at: sql`x.created_at`,
    id: sql`x.id`,
    select: sql`${dhaka(sql`x.created_at`)} as created, x.kind, x.amount_poisha, x.source,
      x.reason, x.credit_note_number, p.id as payment_id, p.receipt_number,
      p.provider_payment_id, p.amount_poisha as paid_poisha, p.mode, f.name as fund,
      u.name as donor, u.email`,
    from: sql`refunds x
      join payments p on p.id = x.payment_id
      join funds f on f.id = p.fund_id
      join "user" u on u.id = p.user_id`,
    where: sql`${inRange(sql`x.created_at`, range)} and ${ofLedgerMode(sql`p.mode`)}`,
  });
  for await (const r of rows) {
    yield [
      String(r.k_id),
      String(r.created),
      String(r.kind),
      tkCell(Number(r.amount_poisha)),
      cell(r.credit_note_number),
      cell(r.reason),
      String(r.payment_id),
      cell(r.receipt_number),
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
  'Credit note',
  'Reason',
  'Payment id',
  'Receipt number',
  'Provider payment id',
  'Paid (Tk)',
  'Fund',
  'Donor',
  'Donor e-mail',
  'Source',
  'Mode',
];
