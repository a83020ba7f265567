/**
 * `npm run bench:donations [-- --pglite] [-- --wallets] [-- --bangla]
 * [-- --donations 1000 --clients 50] [-- --processes 1] [-- --pdf-threads 1]`
 *
 * The production server (compiled, as `npm start` runs it) on a fresh PostgreSQL database
 * (dropped afterwards), or on the embedded PGlite with --pglite, with one approved fund. 50
 * concurrent clients, each signed in as its own donor, make 1,000 card donations through
 * the real HTTP API with the embedded test processor: create the intent → confirm the card
 * at the processor → our confirmation (the server re-reads the intent and records the
 * donation); each recorded donation's receipt e-mail, with its PDF, is then written by the
 * server's job queue. The run ends when the last receipt is in the servers' outboxes: the
 * rate is one the site keeps up with, receipts not falling behind (the rate of recording
 * alone, receipts still queued, is printed beside it). The clients use kept-alive
 * node:http connections, so that their own processor time takes as little as it can from
 * the server's on the same machine. With --processes N (PostgreSQL), N server processes
 * share the database and client k talks to process k mod N. Prints donations/s, latency
 * and the processor time per donation (receipts included) of the server (its event loop's
 * thread apart from its other threads), PostgreSQL and the bench's clients (from /proc),
 * then stops the server and checks, in the database, that the fund's raised total and
 * donation count equal the sum and the count of the recorded payments exactly, that every
 * donation a client saw succeed is recorded once, and that every one has its receipt
 * mailed. On PostgreSQL it then runs pgbench's TPC-B (scale 1, the same number of
 * clients) on a scratch database of the same server, the machine's ceiling for a hot-row
 * transaction, and prints the ratio donations/s ÷ pgbench tps with MET or MISSED against
 * the goal.
 * With --wallets every other donation goes through the bKash test checkout instead
 * (checkout → wallet page → IPN → the browser's return). With --bangla every donor has
 * chosen Bangla, so every receipt is printed in Bangla. --pdf-threads N sets the servers'
 * PDF_THREADS (the threads that draw receipts; default the server's own, 1).
 * Exit code 1 when any check fails. Writes bench/results/donations.json (PostgreSQL)
 * or bench/results/donations-pglite.json (-wallets, -bangla in the name with those flags).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { funds, payments, user } from '../apps/server/src/db/schema';
import { checkLedger } from '../apps/server/src/lib/ledger';
import { createFund } from '../apps/server/src/seed/factories';
import {
  donate,
  donateByWallet,
  http,
  setTransport,
  signUpHttp,
} from '../apps/server/test/support/http-client';
import { startServer } from '../apps/server/test/support/server-process';
import {
  buildServer,
  cpuSecondsOf,
  cpuSecondsOfCommand,
  createPostgresDatabase,
  mainThreadCpuSecondsOf,
  flag,
  hasFlag,
  machine,
  pgbenchTps,
  receiptsSent,
  serverNodeArgs,
  repoRoot,
  tempDir,
} from './lib/kit';
import { keepAliveTransport } from './lib/keep-alive-transport';

const usePglite = hasFlag('pglite');
const withWallets = hasFlag('wallets');
const inBangla = hasFlag('bangla');
const TOTAL = flag('donations', 1000);
const CLIENTS = flag('clients', 50);
/** Server processes on the one database, as a deployment runs one per core (PostgreSQL only). */
const PROCESSES = usePglite ? 1 : flag('processes', 1);
/** Each server's receipt-drawing threads (PDF_THREADS). */
const PDF_THREADS = flag('pdf-threads', 1);
/** Goal (issue: performance): donations into one fund ÷ pgbench TPC-B tps, same run. */
const RATIO_GOAL = 0.3;
const log = (...a: unknown[]) => console.error(...a);

/** A spread of whole-Tk amounts between 10 and 5,000 (deterministic, so runs compare). */
const amountFor = (i: number) => 10 + ((i * 7919) % 4991);

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<number> {
  const startedAt = new Date();
  const kind = usePglite ? 'pglite' : 'postgres';
  log(`bench:donations on ${kind}: ${TOTAL} donations from ${CLIENTS} concurrent clients`);

  // A database of its own with one raiser and one approved fund.
  let dbEnv: Record<string, string>;
  let openArgs: Parameters<typeof openDatabase>[0];
  let cleanup: () => Promise<void>;
  if (usePglite) {
    const data = tempDir('easyfund-bench-donations-');
    dbEnv = { DATA_DIR: data.dir };
    openArgs = { dataDir: path.join(data.dir, 'pglite') };
    cleanup = async () => data.remove();
  } else {
    const created = await createPostgresDatabase();
    dbEnv = { DATABASE_URL: created.url };
    openArgs = { url: created.url, poolSize: 2 };
    cleanup = created.drop;
  }

  try {
    const seeded = await openDatabase(openArgs);
    const raiserId = `bench-raiser-${Math.random().toString(36).slice(2, 8)}`;
    await seeded.db.insert(user).values({
      id: raiserId,
      name: 'Bench Raiser',
      email: `${raiserId}@example.com`,
      role: 'verified',
    });
    const fund = await createFund(seeded.db, {
      raiserId,
      name: 'Bench: flood relief',
      goalTk: 100_000_000,
      suggestedTk: 500,
      status: 'approved',
    });
    await seeded.close();

    buildServer();
    // Client k talks to process k mod N, as a balancer without stickiness would send it.
    const servers: Awaited<ReturnType<typeof startServer>>[] = [];
    const serverOf = (k: number) => servers[k % servers.length]!;
    const client = keepAliveTransport(CLIENTS);

    const seen: { amountTk: number; status: string; ms: number }[] = [];
    let failures: string[] = [];
    /** From the first donation to the last one recorded, and to the last receipt sent. */
    let elapsedMs = 0;
    let withReceiptsMs = 0;
    let receiptsAtRecorded = 0;
    let receipts = 0;
    let cpuSeconds = { server: 0, serverEventLoop: 0, database: 0, benchClients: 0 };
    try {
      for (let p = 0; p < PROCESSES; p++) {
        servers.push(
          await startServer({
            name: `bench-donations-${kind}-${p + 1}`,
            compiled: true,
            nodeArgs: serverNodeArgs(),
            env: {
              // With PGlite its data folder (DATA_DIR), else one of the server's own.
              ...dbEnv,
              // High enough for 50 clients on one address; the limit itself is tested elsewhere.
              PAYMENT_RATE_LIMIT_MAX: String(TOTAL * 10),
              AUTH_RATE_LIMIT_MAX: String(CLIENTS * 10),
              PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
              PDF_THREADS: String(PDF_THREADS),
            },
          }),
        );
      }
      log(`servers on ${servers.map((x) => x.url).join(', ')}; signing up ${CLIENTS} donors…`);
      const cookies: string[] = [];
      for (let i = 0; i < CLIENTS; i += 10) {
        const batch = Array.from({ length: Math.min(10, CLIENTS - i) }, (_, j) =>
          signUpHttp(serverOf(i + j).url, `bench-donor-${i + j}-${Date.now()}@example.com`),
        );
        cookies.push(...(await Promise.all(batch)));
      }
      if (inBangla) {
        for (const [k, cookie] of cookies.entries()) {
          const chose = await http(serverOf(k).url, 'PUT', '/api/me/language', {
            cookie,
            body: { language: 'bn' },
          });
          if (chose.status !== 200) throw new Error(`choosing Bangla: ${chose.status}`);
        }
      }

      log('donating…');
      // The donations' clients on kept-alive node:http connections (see keep-alive-transport).
      setTransport(client.transport);
      // Processor time of each side while the donations run (PGlite is inside the server;
      // "PostgreSQL" is every postgres process of the machine).
      const cpuNow = () => {
        const own = process.cpuUsage();
        return {
          server: servers.reduce((sum, x) => sum + cpuSecondsOf(x.pid), 0),
          serverEventLoop: servers.reduce((sum, x) => sum + mainThreadCpuSecondsOf(x.pid), 0),
          database: usePglite ? 0 : cpuSecondsOfCommand('postgres'),
          benchClients: (own.user + own.system) / 1e6,
        };
      };
      const cpuBefore = cpuNow();
      let next = 0;
      const t0 = performance.now();
      await Promise.all(
        cookies.map(async (cookie, k) => {
          const { url } = serverOf(k);
          for (let i = next++; i < TOTAL; i = next++) {
            const amountTk = amountFor(i);
            const started = performance.now();
            try {
              const outcome =
                withWallets && i % 2 === 1
                  ? await donateByWallet(url, cookie, fund.id, amountTk)
                  : await donate(url, cookie, fund.id, amountTk);
              seen.push({ amountTk, status: outcome.status, ms: performance.now() - started });
            } catch (err) {
              failures.push(String(err));
              seen.push({ amountTk, status: 'error', ms: performance.now() - started });
            }
          }
        }),
      );
      elapsedMs = performance.now() - t0;
      // The receipts the job queue still has to send (the servers keep running meanwhile).
      const recorded = seen.filter((x) => x.status === 'succeeded').length;
      receiptsAtRecorded = receipts = receiptsSent(servers);
      const receiptDeadline = performance.now() + 300_000;
      while (receipts < recorded && performance.now() < receiptDeadline) {
        await new Promise((r) => setTimeout(r, 100));
        receipts = receiptsSent(servers);
      }
      withReceiptsMs = performance.now() - t0;
      const cpuAfter = cpuNow();
      cpuSeconds = {
        server: cpuAfter.server - cpuBefore.server,
        serverEventLoop: cpuAfter.serverEventLoop - cpuBefore.serverEventLoop,
        database: cpuAfter.database - cpuBefore.database,
        benchClients: cpuAfter.benchClients - cpuBefore.benchClients,
      };
    } finally {
      setTransport(undefined);
      client.close();
      await Promise.all(servers.map((x) => x.stop()));
    }
    failures = failures.slice(0, 10);

    // The server is stopped (PGlite has one process at a time): read the ledger.
    const database = await openDatabase({ ...openArgs, migrate: false });
    let stored;
    let ledgerOk = false;
    try {
      const [f] = await database.db
        .select({ raisedPoisha: funds.raisedPoisha, donationCount: funds.donationCount })
        .from(funds)
        .where(eq(funds.id, fund.id));
      const [paid] = await database.db
        .select({
          n: count(),
          sum: sql<string>`coalesce(sum(${payments.amountPoisha}), 0)`,
        })
        .from(payments)
        .where(and(eq(payments.fundId, fund.id), eq(payments.status, 'succeeded')));
      const [other] = await database.db
        .select({ n: count() })
        .from(payments)
        .where(and(eq(payments.fundId, fund.id), sql`${payments.status} <> 'succeeded'`));
      // Receipts: every recorded donation has a number; per year they run 1..n with no
      // gap and no duplicate (the database is fresh).
      const numbers = await database.db
        .select({ n: payments.receiptNumber })
        .from(payments)
        .where(eq(payments.status, 'succeeded'));
      const byYear = new Map<string, number[]>();
      for (const { n } of numbers) {
        if (!n) continue;
        const year = n.slice(3, 7);
        byYear.set(year, [...(byYear.get(year) ?? []), Number(n.slice(-6))]);
      }
      const gapFree = [...byYear.values()].every((list) =>
        list.sort((a, b) => a - b).every((v, i) => v === i + 1),
      );
      stored = {
        receiptNumbers: numbers.filter((r) => r.n).length,
        receiptNumbersGapFree: gapFree,
        fundRaisedPoisha: f?.raisedPoisha ?? -1,
        fundDonationCount: f?.donationCount ?? -1,
        succeededPayments: paid?.n ?? 0,
        succeededPoisha: Number(paid?.sum ?? 0),
        otherPayments: other?.n ?? 0,
      };
      ledgerOk = (await checkLedger(database.db)).ok;
    } finally {
      await database.close();
    }

    // The machine's ceiling in the same minutes (PostgreSQL only).
    const pgbench = usePglite ? undefined : await pgbenchTps(CLIENTS);

    const succeeded = seen.filter((s) => s.status === 'succeeded');
    const clientPoisha = succeeded.reduce((a, s) => a + s.amountTk * 100, 0);
    const checks = {
      everyDonationSucceeded: succeeded.length === TOTAL,
      fundTotalEqualsPayments: stored.fundRaisedPoisha === stored.succeededPoisha,
      fundCountEqualsPayments: stored.fundDonationCount === stored.succeededPayments,
      paymentsEqualWhatClientsSaw:
        stored.succeededPayments === succeeded.length && stored.succeededPoisha === clientPoisha,
      noPendingOrFailedPayments: stored.otherPayments === 0,
      everyDonationHasAReceiptNumber: stored.receiptNumbers === stored.succeededPayments,
      everyReceiptMailed: receipts === stored.succeededPayments,
      receiptNumbersGapFree: stored.receiptNumbersGapFree,
      ledgerCheckOk: ledgerOk,
    };
    const ok = Object.values(checks).every(Boolean);

    const commandFlags = [
      ...(usePglite ? ['--pglite'] : []),
      ...(withWallets ? ['--wallets'] : []),
      ...(inBangla ? ['--bangla'] : []),
      ...(TOTAL !== 1000 ? ['--donations', String(TOTAL)] : []),
      ...(CLIENTS !== 50 ? ['--clients', String(CLIENTS)] : []),
      ...(PROCESSES !== 1 ? ['--processes', String(PROCESSES)] : []),
      ...(PDF_THREADS !== 1 ? ['--pdf-threads', String(PDF_THREADS)] : []),
    ];
    if (commandFlags.length) commandFlags.unshift('--');
    const latencies = seen.map((s) => s.ms).sort((a, b) => a - b);
    const perSecond = (ms: number) => Math.round((succeeded.length / (ms / 1000)) * 10) / 10;
    /** Donations recorded with their receipts sent, per second: what the goal is judged on. */
    const donationsPerSecond = perSecond(withReceiptsMs);
    const result = {
      benchmark: 'donations',
      command: ['npm run bench:donations', ...commandFlags].join(' '),
      date: startedAt.toISOString(),
      database: kind,
      settings: {
        donations: TOTAL,
        clients: CLIENTS,
        serverProcesses: PROCESSES,
        pdfThreadsPerProcess: PDF_THREADS,
        provider: 'test',
        receiptLanguage: inBangla ? 'bn' : 'en',
        amountsTk: '10 to 5,000',
      },
      machine: machine(),
      elapsedSeconds: Math.round(withReceiptsMs) / 1000,
      donationsPerSecond,
      // Recording alone, with receipts still queued at its end (how it was measured until
      // 2026-11-27).
      recordingSeconds: Math.round(elapsedMs) / 1000,
      recordedPerSecond: perSecond(elapsedMs),
      receiptsSentWhenRecordingEnded: receiptsAtRecorded,
      ...(pgbench === undefined
        ? {}
        : {
            pgbenchTps: Math.round(pgbench),
            ratioToPgbench: Math.round((donationsPerSecond / pgbench) * 1000) / 1000,
            goal: {
              ratioToPgbench: RATIO_GOAL,
              met: donationsPerSecond / pgbench >= RATIO_GOAL,
            },
          }),
      // Processor milliseconds per donation (its receipt included), per side: what it costs,
      // steadier than the rate on a shared machine.
      cpuMsPerDonation: Object.fromEntries(
        Object.entries(cpuSeconds).map(([side, seconds]) => [
          side,
          Math.round((seconds * 1000 * 100) / Math.max(1, succeeded.length)) / 100,
        ]),
      ),
      latencyMs: {
        p50: Math.round(percentile(latencies, 50)),
        p95: Math.round(percentile(latencies, 95)),
        p99: Math.round(percentile(latencies, 99)),
        max: Math.round(latencies.at(-1) ?? 0),
      },
      clientsSaw: { succeeded: succeeded.length, poisha: clientPoisha, errors: failures.length },
      stored,
      checks,
      ok,
      ...(failures.length ? { firstErrors: failures } : {}),
    };

    const dir = path.join(repoRoot, 'bench/results');
    mkdirSync(dir, { recursive: true });
    const name = `donations${withWallets ? '-wallets' : ''}${inBangla ? '-bangla' : ''}${usePglite ? '-pglite' : ''}.json`;
    const file = path.join(dir, name);
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);

    console.log(
      `${succeeded.length}/${TOTAL} donations recorded in ${result.recordingSeconds} s on ${kind}: ` +
        `${result.recordedPerSecond} donations/s (p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms per donation), ` +
        `${receiptsAtRecorded} receipts sent by then`,
    );
    console.log(
      `With every receipt sent (${receipts}): ${result.elapsedSeconds} s, ${donationsPerSecond} donations/s`,
    );
    const perDonation = result.cpuMsPerDonation;
    const otherThreads =
      Math.round((perDonation.server! - perDonation.serverEventLoop!) * 100) / 100;
    console.log(
      `Processor time per donation: server ${perDonation.server} ms` +
        (usePglite ? ', the embedded database included' : '') +
        ` (its event loop's thread ${perDonation.serverEventLoop} ms; its other threads ` +
        `${otherThreads} ms: receipts' PDFs, ${usePglite ? 'the embedded database, ' : ''}` +
        `garbage collection, compilers)` +
        (usePglite ? '' : `, PostgreSQL ${perDonation.database} ms`) +
        `, the bench's clients ${perDonation.benchClients} ms`,
    );
    console.log(
      `Fund: ${stored.fundDonationCount} donations, ${stored.fundRaisedPoisha / 100} Tk raised; ` +
        `payments: ${stored.succeededPayments} succeeded for ${stored.succeededPoisha / 100} Tk, ${stored.otherPayments} other.`,
    );
    if (result.pgbenchTps !== undefined) {
      console.log(
        `pgbench TPC-B (scale 1, ${CLIENTS} clients) on the same server: ${result.pgbenchTps} tps; ` +
          `ratio ${result.ratioToPgbench} (goal >= ${RATIO_GOAL}): ${result.goal?.met ? 'MET' : 'MISSED'}`,
      );
    }
    for (const [name, passed] of Object.entries(checks)) {
      console.log(`${passed ? 'ok  ' : 'FAIL'} ${name}`);
    }
    for (const f of failures) console.log(`error: ${f}`);
    console.log(`Result written to ${path.relative(repoRoot, file)}`);
    return ok ? 0 : 1;
  } finally {
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
