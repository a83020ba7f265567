import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';
import { payments, receiptCounters } from '../../db/schema';

const DHAKA_YEAR = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dhaka', year: 'numeric' });

/** The calendar year in Bangladesh at `at` (receipts are numbered per Dhaka year). */
export function receiptYear(at: Date): number {
  return Number(DHAKA_YEAR.format(at));
}

/** EF-2026-000123 */
export function formatReceiptNumber(year: number, n: number): string {
  return `EF-${year}-${String(n).padStart(6, '0')}`;
}

/**
 * Gives the payment the year's next receipt number, inside the caller's transaction, in
 * one statement: the year's counter row stays locked until that transaction ends, so
 * numbers are given in commit order and a rolled-back donation gives its number back (no
 * gaps, no duplicates). Every donation of the site takes this one row: the caller takes
 * it last, just before committing, so the row is held as briefly as possible.
 */
export async function assignReceiptNumber(tx: Tx, paymentId: string, at: Date): Promise<string> {
  const year = receiptYear(at);
  const [row] = rowsOf<{ receipt_number: string }>(
    await tx.execute(sql`
      with counter as (
        insert into ${receiptCounters} (year, last) values (${year}, 1)
        on conflict (year) do update set last = ${receiptCounters}.last + 1
        returning last
      )
      update ${payments}
        set receipt_number = 'EF-' || ${String(year)} || '-' || lpad(counter.last::text, 6, '0')
        from counter
        where ${payments}.id = ${paymentId}
        returning ${payments}.receipt_number`),
  );
  return row!.receipt_number;
}
