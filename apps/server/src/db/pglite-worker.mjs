// The embedded database (PGlite) in a worker thread of its own: PGlite runs Postgres
// compiled to WebAssembly synchronously, so on the main thread every query would stop
// the server from answering anything else. The main thread talks to it through
// pglite-remote.ts. Plain JavaScript: a worker thread does not get tsx's loader.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

// Node's compile cache is each thread's own (main.ts turns it on for the server's): on
// Node 22 and later, PGlite's code (about 0.5 MB, loaded by every start of this thread) is
// read from it too, so it is imported once the cache is on.
module.enableCompileCache?.();
const [{ PGlite }, { pg_trgm }] = await Promise.all([
  import('@electric-sql/pglite'),
  // The extensions the migrations create (as PGLITE_EXTENSIONS in client.ts).
  import('@electric-sql/pglite/contrib/pg_trgm'),
]);

const { dataDir, migrationsFolder, runMigrations } = workerData;
const ROLLBACK = Symbol('rollback');
const ERROR_FIELDS = [
  'name',
  'code',
  'detail',
  'hint',
  'constraint',
  'table',
  'column',
  'schema',
  'severity',
  'position',
  'where',
  'routine',
];

const transactions = new Map();
let db;

const identity = (value) => value;

/** Drizzle's parsers (all identity) travel as a list of type ids. */
function queryOptions(wire) {
  if (!wire) return undefined;
  const parsers = {};
  for (const type of wire.identityTypes ?? []) parsers[type] = identity;
  return { rowMode: wire.rowMode, parsers };
}

function serializeError(err) {
  const e = err ?? {};
  const out = { message: String(e.message ?? e) };
  for (const key of ERROR_FIELDS) if (e[key] !== undefined) out[key] = e[key];
  return out;
}

function target(txId) {
  if (!txId) return db;
  const entry = transactions.get(txId);
  if (!entry) throw new Error('The transaction is already closed');
  return entry.tx;
}

/** Opens a transaction that stays open until the main thread commits or rolls it back. */
function begin(id) {
  return new Promise((resolveBegin, rejectBegin) => {
    const entry = { tx: undefined, finish: () => {}, done: undefined };
    entry.done = db.transaction(async (tx) => {
      entry.tx = tx;
      const finished = new Promise((resolve) => (entry.finish = resolve));
      transactions.set(id, entry);
      resolveBegin(null);
      if (!(await finished)) throw ROLLBACK;
    });
    entry.done.catch((err) => {
      // Failed before it began (the callback never ran); later failures go to end().
      if (!transactions.has(id)) rejectBegin(err);
    });
  });
}

async function end(id, commit) {
  const entry = transactions.get(id);
  if (!entry) throw new Error('The transaction is already closed');
  entry.finish(commit);
  try {
    await entry.done;
  } catch (err) {
    if (err !== ROLLBACK) throw err;
  } finally {
    transactions.delete(id);
  }
  return null;
}

async function handle(msg) {
  switch (msg.type) {
    case 'query':
      return target(msg.txId).query(msg.sql, msg.params ?? [], queryOptions(msg.options));
    case 'exec':
      return target(msg.txId).exec(msg.sql);
    case 'begin':
      return begin(msg.id);
    case 'commit':
      return end(msg.txId, true);
    case 'rollback':
      return end(msg.txId, false);
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown message ${msg.type}`);
  }
}

/**
 * Postgres' shared buffers inside the WebAssembly memory. PGlite's default (128 MB) is
 * touched at start and stays resident; the embedded site's data is a few megabytes and the
 * operating system caches the files below, so 16 MB keeps an idle server ~130 MB smaller.
 */
const SHARED_BUFFERS = '16MB';

/** How many migrations the database has applied (none before the first). */
async function appliedMigrations() {
  try {
    const { rows } = await db.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    return rows[0].n;
  } catch {
    return 0;
  }
}

/**
 * True when the database has applied the newest migration the journal lists: the last row
 * of drizzle's own record holds that migration's time and the hash of its SQL, as drizzle
 * writes them. A restart then reads one small file and makes one query, instead of reading
 * and hashing every migration and running drizzle's set-up statements; a database behind
 * (or of another history) goes through drizzle's migrator as before.
 */
async function schemaCurrent() {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  );
  const last = journal.entries.at(-1);
  if (!last) return true;
  const text = readFileSync(path.join(migrationsFolder, `${last.tag}.sql`), 'utf8');
  const hash = createHash('sha256').update(text).digest('hex');
  try {
    const { rows } = await db.query(
      'select hash, created_at::text as at from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    return rows[0]?.hash === hash && rows[0]?.at === String(last.when);
  } catch {
    return false;
  }
}

try {
  // A data directory without PG_VERSION is created now (initdb, then every migration).
  const created = !existsSync(path.join(dataDir, 'PG_VERSION'));
  db = new PGlite(dataDir, {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
  });
  await db.waitReady;
  let migrated = false;
  if (runMigrations && !(await schemaCurrent())) {
    // drizzle is loaded only to migrate: a restart on a current schema does without it.
    const [{ drizzle }, { migrate }] = await Promise.all([
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    const before = await appliedMigrations();
    await migrate(drizzle(db), { migrationsFolder });
    migrated = (await appliedMigrations()) !== before;
  }
  // `grown`: creating or migrating the database grew this worker's memory for good
  // (pglite-remote.ts opens it again in a fresh worker).
  parentPort.postMessage({ ready: true, grown: created || migrated });
  // What was compiled goes to the cache (the thread is stopped, never left to exit), once
  // the first queries are answered: the write is synchronous.
  setTimeout(() => module.flushCompileCache?.(), 5000).unref();
} catch (err) {
  parentPort.postMessage({ ready: false, error: serializeError(err) });
}

parentPort.on('message', (msg) => {
  handle(msg).then(
    (result) => {
      parentPort.postMessage({ id: msg.id, result });
      if (msg.type === 'close') parentPort.close();
    },
    (err) => parentPort.postMessage({ id: msg.id, error: serializeError(err) }),
  );
});
