import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { payments, user } from '../../db/schema';

/**
 * Payments with their donor (`user`), for the columns asked: the read behind a receipt, its
 * credit notes, its SMS and short link, and a fund's supporters.
 */
export function paymentsWithDonor<T extends SelectedFields>(db: Db, columns: T) {
  return db.select(columns).from(payments).innerJoin(user, eq(user.id, payments.userId));
}

/**
 * The payment is the donor's own: a check on a payment found by one of its unique keys
 * (its id, its intent at the provider), never the way to find it. `IS NOT DISTINCT FROM`
 * (the same as `=` here: neither side is null) is served by no index: with `=`, a plan made
 * while the table's statistics say nothing of its donors (a new site's, or one whose
 * donors mostly gave once) costs the donor's payments (`payments_user_idx`) as one row, as
 * the unique key's, and may take them, reading a donor's whole history, one row a
 * payment, to keep one (decision 485).
 */
export const donorsOwn = (userId: Placeholder | string): SQL =>
  sql`${payments.userId} is not distinct from ${userId}`;
