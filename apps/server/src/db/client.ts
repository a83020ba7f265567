import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { RemotePGlite } from './pglite-remote';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `select 1`; throws when the database is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseOptions {
  /** postgres:// URL; absent → embedded PGlite. */
  url?: string;
  /** PGlite data directory; absent → in memory. */
  dataDir?: string;
  poolSize?: number;
  /** Apply pending migrations first (default true); read-only tools pass false. */
  migrate?: boolean;
}

/** Key of the advisory lock that serialises migrations across server processes. */
const MIGRATION_LOCK_KEY = 7_201_604_211;

/**
 * Applies migrations while holding a session-level advisory lock, so that several
 * processes starting at once against one PostgreSQL run them exactly once (drizzle's
 * migrator reads the last applied migration outside its transaction).
 */
async function migrateWithLock(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      // A request never waits on the database for ever (a silent network drop, a lock).
      statement_timeout: 15_000,
      idle_in_transaction_session_timeout: 30_000,
    });
    // An idle client losing its connection (database restart) must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (opts.migrate !== false) await migrateWithLock(pool);
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  if (opts.dataDir) {
    // A data directory is the running site's database: PGlite in a worker thread, so that
    // its synchronous WebAssembly never stalls the HTTP server (docs/performance.md).
    mkdirSync(opts.dataDir, { recursive: true });
    const remote = await RemotePGlite.open({
      dataDir: opts.dataDir,
      migrationsFolder,
      migrate: opts.migrate !== false,
    });
    return {
      db: drizzlePglite(remote as never, { schema }) as unknown as Db,
      kind: 'pglite',
      ping: async () => {
        await remote.query('select 1');
      },
      close: () => remote.close(),
    };
  }
  // In memory (the tests): on this thread.
  const client = new PGlite();
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (opts.migrate !== false) await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
