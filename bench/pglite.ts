/**
 * `npm run bench:pglite`: how long the server's thread is blocked while the embedded
 * database works — PGlite on the calling thread (as the API tests use it) against PGlite
 * in its worker thread (as the server uses it) — and what a request that needs no
 * database waits for on a server whose fund list is under load. Writes
 * bench/results/pglite.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { startServer } from '../apps/server/test/support/server-process';
import { machine, repoRoot, seedFunds, tempDir } from './lib/kit';

const HEAVY = sql`select count(*) from generate_series(1, 3000000) a join generate_series(1, 1) b on true`;

/** The worst delay of a 0 ms timer on this thread while `work` runs. */
async function worstTimerDelay(work: () => Promise<unknown>): Promise<number> {
  let worst = 0;
  let running = true;
  const ticking = (async () => {
    while (running) {
      const t = performance.now();
      await new Promise((r) => setTimeout(r, 0));
      worst = Math.max(worst, performance.now() - t);
    }
  })();
  await work();
  running = false;
  await ticking;
  return Math.round(worst);
}

async function lag(database: Database) {
  await database.db.execute(HEAVY);
  return worstTimerDelay(() => database.db.execute(HEAVY));
}

const pct = (values: number[], p: number) =>
  Math.round(values[Math.min(values.length - 1, Math.floor(values.length * p))]! * 10) / 10;

async function main() {
  const data = tempDir('easyfund-bench-pglite-');
  const onThread = await openDatabase({});
  const inWorker = await openDatabase({ dataDir: path.join(data.dir, 'pglite') });
  const lagOnThread = await lag(onThread);
  const lagInWorker = await lag(inWorker);
  await onThread.close();
  await seedFunds(inWorker.db, 50);
  await inWorker.close();
  console.log(
    `worst timer delay during a 3-million-row query: on the thread ${lagOnThread} ms, in the worker ${lagInWorker} ms`,
  );

  // The server (PGlite in its worker) with its list under load; a probe that needs no database.
  const server = await startServer({
    name: 'pglite',
    env: { DATA_DIR: data.dir, PUBLIC_CACHE_MS: '0' },
  });
  const probes: number[] = [];
  let stop = false;
  const probing = (async () => {
    while (!stop) {
      const t = performance.now();
      await (await fetch(`${server.url}/api/auth-providers`)).text();
      probes.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const load = await autocannon({ url: `${server.url}/api/funds`, connections: 100, duration: 10 });
  stop = true;
  await probing;
  await server.stop();
  data.remove();
  probes.sort((a, b) => a - b);
  const result = {
    benchmark: 'pglite',
    command: 'npm run bench:pglite',
    startedAt: new Date().toISOString(),
    machine: machine(),
    worstTimerDelayMs: { pgliteOnTheCallingThread: lagOnThread, pgliteInWorkerThread: lagInWorker },
    serverUnderListLoad: {
      listRequestsPerSecond: Math.round(load.requests.average),
      listP99Ms: load.latency.p99,
      listErrors: load.errors + load.timeouts + load.non2xx,
      noDatabaseProbeP50Ms: pct(probes, 0.5),
      noDatabaseProbeP99Ms: pct(probes, 0.99),
      noDatabaseProbeMaxMs: pct(probes, 1),
      probes: probes.length,
    },
  };
  console.log(
    `server on PGlite, list under load (no cache): ${result.serverUnderListLoad.listRequestsPerSecond} req/s, p99 ${load.latency.p99} ms; a request needing no database: p50 ${result.serverUnderListLoad.noDatabaseProbeP50Ms} ms, p99 ${result.serverUnderListLoad.noDatabaseProbeP99Ms} ms`,
  );
  const file = path.join(repoRoot, 'bench/results/pglite.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log('written to bench/results/pglite.json');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(2);
});
