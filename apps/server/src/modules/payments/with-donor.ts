import { eq } from 'drizzle-orm';
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
