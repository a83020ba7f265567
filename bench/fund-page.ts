/**
 * `npm run bench:fund-page [-- --duration 10 --connections 8 --web-dist <dir>]`
 *
 * A fund's server-rendered page against its own API, uncached (PUBLIC_CACHE_MS=0: no
 * answer kept for a time, every API answer read from the database), in one run: the
 * compiled production server on PostgreSQL with 50 approved funds. Each is asked alone
 * (the median of 40 sequential requests after a warm-up) and under load (autocannon,
 * `connections` at once, no more than the renders the server runs at once), as a phone's
 * browser asks: Brotli accepted, English. The goal is the page's rate ÷ its API's rate
 * ≥ 0.5. A page finds the database as its last render left it when no write was committed
 * since (its data are then not read again): for context, the page is also asked under
 * load while a write is committed every millisecond, pages then reading their data
 * afresh. `BENCH_CPU_PROF=<dir>` keeps the server's CPU profile.
 * Writes bench/results/fund-page.json; exit code 1 when the goal is missed.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { MAX_RENDERS_IN_FLIGHT } from '../apps/server/src/modules/pages/first-render';
import { startServer } from '../apps/server/test/support/server-process';
import {
  buildServer,
  buildWeb,
  cannon,
  createPostgresDatabase,
  flag,
  machine,
  median,
  repoRoot,
  seedFunds,
  serverNodeArgs,
} from './lib/kit';

const duration = flag('duration', 10);
const connections = Math.min(flag('connections', 8), MAX_RENDERS_IN_FLIGHT);
const warmup = flag('warmup', 3);
const GOAL = 0.5;
const HEADERS = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en' };
const log = (...a: unknown[]) => console.error(...a);

const webDistArg = process.argv.indexOf('--web-dist');
const givenWebDist = webDistArg === -1 ? undefined : process.argv[webDistArg + 1];

/** Median time of `n` requests one after another, after a warm-up. */
async function alone(url: string, n = 40): Promise<number> {
  const once = async () => {
    const started = performance.now();
    const res = await fetch(url, { headers: HEADERS });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 10; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < n; i++) times.push(await once());
  return Math.round(median(times) * 100) / 100;
}

/**
 * Commits a write every millisecond or so on the database at `url` until stopped: each
 * takes a transaction id (`pg_current_xact_id()`) and changes no row.
 */
async function writeLoop(url: string) {
  const opened = await openDatabase({ url, poolSize: 1 });
  let stopped = false;
  let count = 0;
  const running = (async () => {
    while (!stopped) {
      await opened.db.execute(sql`select pg_current_xact_id()`);
      count++;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  })();
  return {
    count: () => count,
    async stop() {
      stopped = true;
      await running;
      await opened.close();
    },
  };
}

async function main() {
  const load = os.loadavg().map((l) => Math.round(l * 100) / 100);
  log('building the web app and the server …');
  const webDist = givenWebDist ?? buildWeb();
  buildServer();
  const created = await createPostgresDatabase();
  const opened = await openDatabase({ url: created.url, poolSize: 2 });
  const { fundIds } = await seedFunds(opened.db, 50);
  await opened.close();
  const server = await startServer({
    name: 'bench-fund-page',
    compiled: true,
    nodeArgs: serverNodeArgs(),
    env: {
      DATABASE_URL: created.url,
      WEB_DIST: webDist,
      PUBLIC_CACHE_MS: '0',
      PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
    },
  });
  try {
    const fundId = fundIds[0]!;
    const page = `${server.url}/donatenow/${fundId}`;
    const api = `${server.url}/api/funds/${fundId}`;
    // The page is rendered (its fund's name in the first HTML), not the app's empty shell.
    // (The first renders load the render's code: tried a few times.)
    const rendered = async () => {
      const html = await fetch(page, { headers: HEADERS }).then((r) => r.text());
      return html.includes('<div id="root"><') && html.includes('Relief fund 1 for');
    };
    let ok = false;
    for (let i = 0; i < 10 && !ok; i++) ok = await rendered();
    if (!ok) throw new Error('the fund page was not rendered by the server');

    log('each alone …');
    const pageMs = await alone(page);
    const apiMs = await alone(api);
    log(`  page ${pageMs} ms, API ${apiMs} ms`);
    log(`under load (${connections} connections, ${duration} s each) …`);
    const opts = { connections, duration, headers: HEADERS };
    const apiLoad = await cannon('GET /api/funds/:id', { ...opts, url: api }, warmup);
    const pageLoad = await cannon('GET /donatenow/:id', { ...opts, url: page }, warmup);
    // For context: the page while the database changes all the time (a write committed
    // every millisecond, none of them to a row the page shows), so that pages read their
    // data afresh instead of finding the database as their last render left it.
    log(`  the page again while a write is committed every millisecond …`);
    const writes = await writeLoop(created.url);
    let changingLoad;
    try {
      changingLoad = await cannon('GET /donatenow/:id (writes)', { ...opts, url: page }, warmup);
    } finally {
      await writes.stop();
    }
    const changingRatio =
      Math.round((changingLoad.requestsPerSecond / apiLoad.requestsPerSecond) * 100) / 100;
    const ratio = Math.round((pageLoad.requestsPerSecond / apiLoad.requestsPerSecond) * 100) / 100;
    const aloneRatio = Math.round((apiMs / pageMs) * 100) / 100;
    const met = ratio >= GOAL;
    log(
      `  page ${pageLoad.requestsPerSecond} req/s (p99 ${pageLoad.latencyP99Ms} ms), API ${apiLoad.requestsPerSecond} req/s (p99 ${apiLoad.latencyP99Ms} ms)`,
    );
    log(
      `  while the database changes: page ${changingLoad.requestsPerSecond} req/s (p99 ${changingLoad.latencyP99Ms} ms), ${writes.count()} writes: ${changingRatio} of the API`,
    );
    log(
      `${met ? 'MET' : 'MISSED'}  fund page ÷ its API, uncached: ${ratio} under load (goal ≥ ${GOAL}); ${aloneRatio} alone (${pageMs} vs ${apiMs} ms)`,
    );
    mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
    writeFileSync(
      path.join(repoRoot, 'bench/results/fund-page.json'),
      JSON.stringify(
        {
          benchmark: 'fund-page',
          command: 'npm run bench:fund-page',
          startedAt: new Date().toISOString(),
          machine: { ...machine(), loadAverageAtStart: load },
          goal: { pageToApiRatio: GOAL },
          ratio,
          met,
          alone: { pageMs, apiMs, ratio: aloneRatio },
          underLoad: { page: pageLoad, api: apiLoad },
          whileTheDatabaseChanges: {
            page: changingLoad,
            writes: writes.count(),
            pageToApiRatio: changingRatio,
          },
        },
        null,
        1,
      ) + '\n',
    );
    process.exitCode = met ? 0 : 1;
  } finally {
    await server.stop();
    await created.drop();
    if (!givenWebDist) rmSync(webDist, { recursive: true, force: true });
  }
}

await main();
