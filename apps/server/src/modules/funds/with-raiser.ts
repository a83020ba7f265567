import { eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { funds, user } from '../../db/schema';

/**
 * Funds with their raiser (`user`), for the columns asked: the read behind a fund's page and
 * card, its organiser, its statement and the funds a person selected.
 */
export function fundsWithRaiser<T extends SelectedFields>(db: Db, columns: T) {
  return db.select(columns).from(funds).innerJoin(user, eq(user.id, funds.raiserId));
}
