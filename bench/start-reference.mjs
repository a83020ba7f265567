// The reference for `bench:start`'s restart: the least a server can do to answer the
// home page from the embedded database, in a process of its own. node:http listens at
// once; the embedded database (PGlite, as the app opens it: the same data directory,
// extension, start parameters, WebAssembly flags and worker) opens in a worker thread;
// `/` waits for it, reads the newest approved funds in one statement and answers them as
// a small HTML page. Everything else the app does before its first page (its settings,
// its routes, its sessions, its job queue, the web app's first render) is left out.
// Settings as the app's: PORT, DATA_DIR (the database in DATA_DIR/pglite).
import http from 'node:http';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

/** The newest approved funds, as the home page lists them. */
const NEWEST_FUNDS = `select id, name, cause, goal_poisha, raised_poisha, donation_count
  from funds where status = 'approved' and hold is null
  order by created_at desc, id desc limit 12`;

if (isMainThread) {
  // As db/pglite-remote.ts: the database's WebAssembly stays as the baseline compiler
  // made it, and its worker's young generation is 6 MB.
  setFlagsFromString('--no-wasm-tier-up');
  setFlagsFromString('--no-wasm-dynamic-tiering');
  const dataDir = path.join(process.env.DATA_DIR ?? 'data', 'pglite');
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { dataDir },
    execArgv: [],
    resourceLimits: { maxYoungGenerationSizeMb: 6 },
  });
  const waiting = new Map();
  let nextId = 0;
  const ready = new Promise((resolve, reject) => {
    worker.on('message', (msg) => {
      if (msg.ready !== undefined) return msg.ready ? resolve() : reject(new Error(msg.error));
      const pending = waiting.get(msg.id);
      waiting.delete(msg.id);
      if (msg.error) pending.reject(new Error(msg.error));
      else pending.resolve(msg.rows);
    });
    worker.on('error', reject);
  });
  ready.catch(() => {});
  const query = async (sql) => {
    await ready;
    const id = ++nextId;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, sql });
    });
  };
  const escape = (s) =>
    String(s).replace(
      /[&<>"]/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c],
    );
  const server = http.createServer(async (req, res) => {
    if (req.url !== '/') {
      res.writeHead(404).end();
      return;
    }
    try {
      const rows = await query(NEWEST_FUNDS);
      const items = rows
        .map(
          (f) =>
            `<li><a href="/funds/${f.id}">${escape(f.name)}</a> (${escape(f.cause)}): ` +
            `Tk ${Number(f.raised_poisha) / 100} of Tk ${Number(f.goal_poisha) / 100}, ` +
            `${f.donation_count} donations</li>`,
        )
        .join('');
      const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Easy Fund</title></head><body><ul>${items}</ul></body></html>`;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
  server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
    console.log(`listening on ${server.address().port}`);
  });
  let workerExited = false;
  worker.once('exit', () => (workerExited = true));
  process.on('SIGTERM', () => {
    server.close();
    if (workerExited) process.exit(0);
    worker.once('exit', () => process.exit(0));
    worker.postMessage({ close: true });
  });
} else {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  let db;
  try {
    db = new PGlite(workerData.dataDir, {
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
    });
    await db.waitReady;
    parentPort.postMessage({ ready: true });
  } catch (err) {
    parentPort.postMessage({ ready: false, error: String(err?.message ?? err) });
  }
  parentPort.on('message', async (msg) => {
    if (msg.close) {
      await db?.close();
      parentPort.close();
      return;
    }
    try {
      const { rows } = await db.query(msg.sql);
      parentPort.postMessage({ id: msg.id, rows });
    } catch (err) {
      parentPort.postMessage({ id: msg.id, error: String(err?.message ?? err) });
    }
  });
}
