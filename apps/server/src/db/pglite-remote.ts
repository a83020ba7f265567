import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';

/**
 * The embedded database is PostgreSQL compiled to WebAssembly. V8 first compiles it with
 * its baseline compiler and then, in the background, recompiles what runs often with its
 * optimising one; that second copy of the database's code kept an idle server about
 * 75 MB larger (300–360 MB against 220–265 MB) and, on a two-core machine, competed with
 * the server for the processor, while donations on the embedded database went no faster
 * (`bench:donations -- --pglite`; docs/performance.md). So the database's code stays as
 * the baseline compiler made it. The process has no other WebAssembly. V8's flags are
 * the process's: set before the worker compiles the module, they apply to it.
 */
function runWebAssemblyUnoptimised(): void {
  setFlagsFromString('--no-wasm-tier-up');
  setFlagsFromString('--no-wasm-dynamic-tiering');
}

/**
 * The worker's young generation, at most. Its objects are the messages of one statement
 * each, short-lived; V8's default lets it grow to 32 MB, which an idle server then kept
 * resident (decision 437).
 */
const WORKER_YOUNG_GENERATION_MB = 6;

/** What drizzle's PGlite driver calls on its client, answered by pglite-worker.mjs. */
export interface PGliteQueryable {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<unknown>;
  exec(sql: string): Promise<unknown>;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, type: number) => unknown>;
}

interface WireError {
  message: string;
  [field: string]: unknown;
}

type Reply = { id: number; result?: unknown; error?: WireError };

/** The error the worker reported, with the database's fields (code, constraint…). */
function toError(wire: WireError): Error {
  const err = new Error(wire.message) as Error & Record<string, unknown>;
  for (const [k, v] of Object.entries(wire)) if (k !== 'message') err[k] = v;
  return err;
}

/** Drizzle passes identity parsers only (dates stay strings); they travel as type ids. */
function toWire(options?: QueryOptions) {
  if (!options) return undefined;
  const identityTypes = Object.entries(options.parsers ?? {}).map(([type, parse]) => {
    if (parse('probe', Number(type)) !== 'probe') {
      throw new Error(`only identity parsers can cross to the database worker (type ${type})`);
    }
    return Number(type);
  });
  return { rowMode: options.rowMode, identityTypes };
}

interface WorkerOptions {
  dataDir: string;
  migrationsFolder: string;
  migrate: boolean;
}

/**
 * A worker that has opened the data directory (and migrated it when asked). `grown`: it
 * created the database or applied migrations, work that grew its memory for good.
 */
function openWorker(opts: WorkerOptions): Promise<{ worker: Worker; grown: boolean }> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: {
      dataDir: opts.dataDir,
      migrationsFolder: opts.migrationsFolder,
      runMigrations: opts.migrate,
    },
    // Plain JavaScript: no TypeScript loader in the worker.
    execArgv: [],
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
  });
  return new Promise((resolve, reject) => {
    const settled = () => {
      worker.off('message', onMessage);
      worker.off('error', failed);
      worker.off('exit', exited);
    };
    const failed = (err: Error) => {
      settled();
      void worker.terminate();
      reject(err);
    };
    const exited = (code: number) =>
      failed(new Error(`the database worker exited with code ${code}`));
    const onMessage = (msg: { ready?: boolean; grown?: boolean; error?: WireError }) => {
      if (msg.ready === undefined) return;
      if (!msg.ready) return failed(toError(msg.error ?? { message: 'the database did not open' }));
      settled();
      resolve({ worker, grown: msg.grown === true });
    };
    worker.on('message', onMessage);
    worker.on('error', failed);
    worker.on('exit', exited);
  });
}

/** Closes the database in `worker` (its files complete on disk), then stops the thread. */
async function closeWorker(worker: Worker): Promise<void> {
  await new Promise<void>((resolve) => {
    const onMessage = (msg: Reply) => {
      if (msg.id !== 0) return;
      worker.off('message', onMessage);
      resolve();
    };
    worker.on('message', onMessage);
    worker.once('exit', () => resolve());
    worker.postMessage({ type: 'close', id: 0 });
  });
  await worker.terminate();
}

/**
 * The embedded database, running in a worker thread (pglite-worker.mjs), with the part
 * of PGlite's API drizzle uses: query, exec, transaction, close. Queries keep PGlite's
 * semantics (one connection: a transaction holds everyone else until it ends).
 */
export class RemotePGlite implements PGliteQueryable {
  private next = 1;
  private readonly pending = new Map<
    number,
    { resolve(v: unknown): void; reject(e: Error): void }
  >();
  private closedBecause: string | null = null;
  private worker: Worker | null = null;
  /** Settles when the worker has opened the data directory (or could not). */
  readonly opened: Promise<void>;

  private constructor(opened: Promise<Worker>) {
    this.opened = opened.then((worker) => this.attach(worker));
    // Reported to whoever awaits `opened` or queries meanwhile; never left unhandled.
    this.opened.catch(() => {});
  }

  private attach(worker: Worker) {
    this.worker = worker;
    worker.on('message', (msg: Reply) => {
      const waiter = this.pending.get(msg.id);
      if (!waiter) return;
      this.pending.delete(msg.id);
      if (msg.error) waiter.reject(toError(msg.error));
      else waiter.resolve(msg.result);
    });
    const fail = (why: string) => {
      this.closedBecause ??= why;
      for (const w of this.pending.values()) w.reject(new Error(`PGlite is closed: ${why}`));
      this.pending.clear();
    };
    worker.on('error', (err) => fail(err.message));
    worker.on('exit', (code) => fail(`the database worker exited with code ${code}`));
  }

  /**
   * Starts the worker, which opens the data directory and applies migrations there. The
   * handle is usable at once: queries made before the database has opened wait for it, in
   * order, and fail with its error if it does not open (`opened` tells which).
   *
   * A database just created or migrated is opened again in a fresh worker before use:
   * PostgreSQL's set-up and migrations grow the WebAssembly memory, which never shrinks,
   * and left a first start's idle server at about 700 MB against 180 MB after a restart
   * (decision 447).
   */
  static start(opts: WorkerOptions): RemotePGlite {
    runWebAssemblyUnoptimised();
    const opened = openWorker(opts).then(async ({ worker, grown }) => {
      if (!grown) return worker;
      await closeWorker(worker);
      return (await openWorker(opts)).worker;
    });
    return new RemotePGlite(opened);
  }

  private call(msg: Record<string, unknown>): Promise<unknown> {
    const worker = this.worker;
    if (!worker) return this.opened.then(() => this.call(msg));
    if (this.closedBecause) {
      return Promise.reject(new Error(`PGlite is closed: ${this.closedBecause}`));
    }
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...msg });
    });
  }

  query(sql: string, params: unknown[] = [], options?: QueryOptions) {
    return this.call({ type: 'query', sql, params, options: toWire(options) });
  }

  exec(sql: string) {
    return this.call({ type: 'exec', sql });
  }

  /** Runs `fn` in one transaction in the worker: committed when it returns, else rolled back. */
  async transaction<T>(fn: (tx: PGliteQueryable) => Promise<T>): Promise<T> {
    // The transaction's id is the id its `begin` is sent with: taken once the database is open.
    if (!this.worker) await this.opened;
    const txId = this.next;
    await this.call({ type: 'begin' });
    const tx: PGliteQueryable = {
      query: (sql, params = [], options) =>
        this.call({ type: 'query', txId, sql, params, options: toWire(options) }),
      exec: (sql) => this.call({ type: 'exec', txId, sql }),
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      await this.call({ type: 'rollback', txId }).catch(() => {});
      throw err;
    }
    await this.call({ type: 'commit', txId });
    return result;
  }

  async close() {
    if (this.closedBecause) return;
    await this.call({ type: 'close' }).catch(() => {});
    this.closedBecause = 'closed';
    await this.worker?.terminate();
  }
}
