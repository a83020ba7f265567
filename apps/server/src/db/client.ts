import type { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type EmbeddedWorker, migrationsFolder, startEmbedded } from './embedded';
import type { RemotePGlite } from './pglite-remote';
import { readyArrayResultsLean } from './array-results';
import { preparingClient } from './prepared-statements';
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
  /** Plain SQL with $1… parameters on the app's own connection (the job queue's access);
   *  without parameters the text may hold several statements. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Runs `fn` while holding a lock shared by every process on this database (PostgreSQL's
   *  advisory lock `key`); the embedded database has one process, so it just runs it. */
  exclusively<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /**
   * PostgreSQL: listens on `channel` on a connection of its own (`LISTEN`), reconnecting
   * when it is lost. `up` is called each time it listens (notices sent while it did not
   * were missed), `down` when it stops, `notice` for each notice. Returns the stop.
   * Absent on the embedded database: it has one process, which makes every change itself.
   */
  listen?(channel: string, on: Listener): () => Promise<void>;
  close(): Promise<void>;
}

/** What a `listen` caller is told. */
export interface Listener {
  up(): void;
  down(): void;
  notice(): void;
}

/** The extensions the migrations create (pg_trgm: searches by part of a word); every PGlite
 *  opening the database loads them (the worker thread, backup and restore included). */
export const PGLITE_EXTENSIONS = { pg_trgm };

export { migrationsFolder };

export interface DatabaseOptions {
  /** postgres:// URL; absent → embedded PGlite. */
  url?: string;
  /** PGlite data directory; absent → in memory. */
  dataDir?: string;
  poolSize?: number;
  /** PostgreSQL: send repeated statements as named prepared statements (default true;
   *  DATABASE_PREPARED_STATEMENTS=false behind a pooler that does not keep them). */
  preparedStatements?: boolean;
  /** Apply pending migrations first (default true); read-only tools pass false. */
  migrate?: boolean;
  /** In memory only: start from this dump of a data directory (`PGlite.dumpDataDir`),
   *  e.g. one already migrated — three times faster to open than a new cluster. */
  loadDataDir?: Blob;
}

/** Key of the advisory lock that serialises migrations across server processes. */
const MIGRATION_LOCK_KEY = 7_201_604_211;

/** A database handle given before the database has finished opening (`startDatabase`). */
export interface StartedDatabase {
  database: Database;
  /** Settles once the database has opened (migrations applied), or with why it could not. */
  opened: Promise<void>;
}

/**
 * Opens the database the way a starting server wants it. The embedded one's handle comes
 * back as soon as its data directory is locked and its worker started: queries made before
 * it has opened wait for it, in order, so the server's code is set up meanwhile. PostgreSQL
 * (and the in-memory database) are opened, migrations included, before it returns.
 */
export async function startDatabase(opts: DatabaseOptions): Promise<StartedDatabase> {
  if (opts.dataDir && !opts.url) {
    return embeddedDatabase(await startEmbedded(opts.dataDir, opts.migrate !== false));
  }
  return { database: await openDatabase(opts), opened: Promise.resolve() };
}

/** The database of an embedded worker (`startEmbedded`, which a starting server calls
 *  before it loads this module). */
export function embeddedDatabase({ remote, opened, close }: EmbeddedWorker): StartedDatabase {
  return { database: pgliteDatabase(remote, close), opened };
}

/** The query builders of embedded databases (`isEmbedded`). */
const embedded = new WeakSet<Db>();

/**
 * Whether `db` is the embedded PGlite, for a read whose best form differs: PGlite copies
 * every field of a result into a buffer of its own before decoding it (~2 µs a field,
 * against a slice of the socket's buffer with PostgreSQL).
 */
export const isEmbedded = (db: Db): boolean => embedded.has(db);

/**
 * A PGlite database, on this thread or in its worker: one process, so the lock shared by
 * every process is no lock at all. `close` is the caller's (the worker's lock, a test's).
 */
export function pgliteDatabase(
  client: Pick<PGlite, 'query' | 'exec'> | RemotePGlite,
  close: () => Promise<void>,
): Database {
  const db = drizzlePglite(client as never, { schema }) as unknown as Db;
  embedded.add(db);
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    executeSql: (text, values) => pgliteSql(client, text, values),
    exclusively: (_key, fn) => fn(),
    close,
  };
}

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
    readyArrayResultsLean();
    const pool = new pg.Pool({
      // Repeated statements prepared per connection (decision 438), unless switched off.
      ...(opts.preparedStatements === false ? {} : { Client: preparingClient() }),
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
      executeSql: async (text, values) => {
        const result = await pool.query(text, values?.length ? toParams(values) : undefined);
        // Several statements answer with a list of results: the last one counts.
        const last = Array.isArray(result) ? (result.at(-1) as pg.QueryResult) : result;
        return { rows: last?.rows ?? [] };
      },
      exclusively: async (key, fn) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [key]);
          try {
            return await fn();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [key]);
          }
        } finally {
          client.release();
        }
      },
      listen: (channel, on) => listenOn(opts.url!, channel, on),
      close: () => pool.end(),
    };
  }
  if (opts.dataDir) {
    const { database, opened } = await startDatabase(opts);
    await opened;
    return database;
  }
  // In memory (the tests): on this thread. PGlite is loaded here only: the server's own
  // thread reaches the embedded database through its worker.
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite({
    extensions: PGLITE_EXTENSIONS,
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  // Safe to close twice (a test closes what it already closed to take the database down).
  const database = pgliteDatabase(client, async () => {
    if (!client.closed) await client.close();
  });
  if (opts.migrate !== false) await migratePglite(database.db as never, { migrationsFolder });
  return database;
}

/** Waits between attempts to listen again: doubling from one second to half a minute. */
const LISTEN_RETRY_MS = { first: 1000, most: 30_000 };

/**
 * `LISTEN channel` on a connection of its own, kept: a lost connection (the database
 * restarted, the network dropped) is reported down and opened again after a wait.
 */
function listenOn(url: string, channel: string, on: Listener): () => Promise<void> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retryMs = LISTEN_RETRY_MS.first;
  let timer: NodeJS.Timeout | undefined;
  const again = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MS.most);
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: url, keepAlive: true });
    client = c;
    let lost = false;
    const lose = () => {
      if (lost) return;
      lost = true;
      on.down();
      void c.end().catch(() => {});
      again();
    };
    c.on('error', lose);
    c.on('end', lose);
    c.on('notification', (n) => {
      if (n.channel === channel) on.notice();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      lose();
      return;
    }
    if (stopped || lost) return;
    retryMs = LISTEN_RETRY_MS.first;
    on.up();
  };
  void connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = client;
    client = null;
    if (c) await c.end().catch(() => {});
  };
}

/** Objects (a job's data) travel as JSON text; lists and everything else as they are. */
function toParams(values: unknown[]): unknown[] {
  return values.map((v) =>
    v === undefined
      ? null
      : v !== null &&
          typeof v === 'object' &&
          !Array.isArray(v) &&
          !(v instanceof Date) &&
          !Buffer.isBuffer(v)
        ? JSON.stringify(v)
        : v,
  );
}

type Rows = { rows: Record<string, unknown>[] };

/** PGlite: parameters need the extended protocol (one statement); several statements go
 *  through exec, whose last result counts. */
async function pgliteSql(
  client: Pick<PGlite, 'query' | 'exec'> | RemotePGlite,
  text: string,
  values?: unknown[],
): Promise<Rows> {
  if (values?.length) return (await client.query(text, toParams(values))) as Rows;
  const results = (await client.exec(text)) as Rows[];
  return { rows: results.at(-1)?.rows ?? [] };
}

/** A row of a raw query (`db.execute(sql…)`), by column name. */
export type Row = Record<string, unknown>;

/** The rows of a raw query: the drivers answer either an array or `{ rows }`. */
export function rowsOf<T extends Row = Row>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}
