import type { Db } from './client';

/**
 * A statement built once per database (or transaction) and run with new values each
 * time. Drizzle builds a query's SQL again on every call: for the statements every
 * donation runs, 80–300 µs each (its type checks, its column lists), a tenth of the
 * server's thread on a donation. A prepared query (`.prepare('')`, the values as
 * `sql.placeholder(…)`) keeps the built text. Left unnamed, node-postgres sends it as any
 * other statement, and the pool's clients name it by its text as they do the others
 * (decision 438), or do not when that is switched off. A value computed in JavaScript is
 * built in once too: an update of a table whose `updated_at` Drizzle fills (`$onUpdate`)
 * sets it itself (`sql\`now()\``), or every run would write the time of the first.
 */
export function builtOnce<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const byDatabase = new WeakMap<Db, Q>();
  return (db) => {
    let query = byDatabase.get(db);
    if (query === undefined) byDatabase.set(db, (query = build(db)));
    return query;
  };
}
