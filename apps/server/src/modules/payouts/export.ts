import { sql } from 'drizzle-orm';
import type { TExportRange } from '@easyfund/shared/schemas/downloads';
import { maskAccountNumber } from '@easyfund/shared/schemas/payouts';
import type { Db } from '../../db/client';
import { ofLedgerMode } from '../ledger/mode';
import { tkCell } from '../downloads/csv';
import { dhaka, EXPORT_PAGE_SIZE, keyset } from '../downloads/service';

export const PAYOUT_HEADER = [
  'Payout id',
  'Sent on',
  'Status',
  'Fund id',
  'Fund',
  'Raiser',
  'Raiser e-mail',
  'Method',
  'Account',
  'Account name',
  'Reference',
  'Amount (Tk)',
  'Requested (Asia/Dhaka)',
  'Approved (Asia/Dhaka)',
  'Recorded (Asia/Dhaka)',
  'Recorded by',
  'Reversal reason',
  'Mode',
];

/**
 * One line per payout whose money left in the range (by the day the admin recorded it was
 * sent), oldest first: paid ones, and reversed ones marked so with their reason. The site's
 * money mode only (decision 449).
 */
export async function* payoutRows(db: Db, range: TExportRange): AsyncGenerator<string[]> {
  const rows = keyset(
    db,
    (after) => sql`
      select w.paid_on::timestamptz::text as k_at, w.id as k_id, w.paid_on::text as paid_on,
        w.status, f.id as fund_id, f.name as fund, r.name as raiser, r.email,
        w.payout_method, pa.number as account_number, pa.account_name, w.payout_reference,
        w.amount_poisha,
        ${dhaka(sql`w.created_at`)} as requested, ${dhaka(sql`w.decided_at`)} as approved,
        ${dhaka(sql`w.outcome_at`)} as recorded, b.name as recorder, w.outcome_reason, w.mode
      from withdrawals w
        join funds f on f.id = w.fund_id
        join "user" r on r.id = w.raiser_id
        left join "user" b on b.id = w.outcome_by
        left join payout_accounts pa on pa.id = w.payout_account_id
      where w.status in ('paid', 'reversed')
        and w.paid_on >= ${range.from}::date and w.paid_on <= ${range.to}::date
        and ${ofLedgerMode(sql`w.mode`)} and ${after}
      order by w.paid_on::timestamptz, w.id
      limit ${EXPORT_PAGE_SIZE}`,
    sql`w.paid_on::timestamptz`,
    sql`w.id`,
  );
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  for await (const r of rows) {
    yield [
      text(r.k_id),
      text(r.paid_on),
      text(r.status),
      text(r.fund_id),
      text(r.fund),
      text(r.raiser),
      text(r.email),
      text(r.payout_method),
      // Never the whole number: the accountant matches it by its last digits.
      r.account_number ? maskAccountNumber(String(r.account_number)) : '',
      text(r.account_name),
      text(r.payout_reference),
      tkCell(Number(r.amount_poisha)),
      text(r.requested),
      text(r.approved),
      text(r.recorded),
      text(r.recorder),
      r.status === 'reversed' ? text(r.outcome_reason) : '',
      text(r.mode),
    ];
  }
}
