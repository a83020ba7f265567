import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { receiptCounters } from '../../db/schema';

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
 * The next receipt number of the year, inside the caller's transaction: the year's
 * counter row stays locked until that transaction ends, so numbers are given in commit
 * order and a rolled-back donation gives its number back (no gaps, no duplicates).
 */
export async function nextReceiptNumber(tx: Tx, at: Date): Promise<string> {
  const year = receiptYear(at);
  const [counter] = await tx
    .insert(receiptCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({
      target: receiptCounters.year,
      set: { last: sql`${receiptCounters.last} + 1` },
    })
    .returning({ last: receiptCounters.last });
  return formatReceiptNumber(year, counter!.last);
}
