import { eq, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, alias, type PgTable, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { user } from '../../db/schema';
import { asTable, personColumns } from './service';

/** An audit trail's table: each entry with who made it (`actor_id`: none for the site itself). */
type TrailTable = PgTable & { id: AnyPgColumn; actorId: AnyPgColumn; createdAt: AnyPgColumn };

const actor = alias(user, 'actor');

/**
 * The entries of one audit trail (`of`), oldest first: `fields`, and the person who made each
 * (`actor`, to read with `deciderOf`: none for the site itself).
 */
export function auditTrail<T extends TrailTable, F extends SelectedFields>(
  db: Db | Tx,
  table: T,
  fields: F,
  of: SQL,
) {
  return db
    .select({ ...fields, actor: personColumns(actor) })
    .from(asTable(table))
    .leftJoin(actor, eq(actor.id, table.actorId))
    .where(of)
    .orderBy(table.createdAt, table.id);
}
