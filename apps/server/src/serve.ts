import module from 'node:module';
import path from 'node:path';
import type { Config } from './config';
import { existingEmbeddedDir } from './config-early';
import { ConfigError } from './config-error';
import type { Database } from './db/client';
import { startEmbedded } from './db/embedded';
import { serializeError } from './lib/log-errors';

async function main() {
  // The embedded database opens in its own thread while the rest of the server's code
  // loads and the app is built: its handle comes at once, and the few queries made while
  // building wait for it to open. Start-up is then the longer of the two, not their sum.
  // On a restart its worker starts first, before the settings (zod), the database drivers
  // and the schema load (db/embedded.ts needs none of them): the open is the longest part
  // of a restart. Settings that turn out wrong stop the process as before, their line
  // first; a directory held by another process is told once they are known right.
  const early = existingEmbeddedDir();
  const startedEarly = early ? startEmbedded(early, true) : null;
  // The lock is taken (a socket's listen: one turn of the event loop) and the worker
  // started before any more code loads: Node 22 and later load a module graph without
  // turning the event loop, and the worker then started only once the app's code had
  // loaded (~0.3 s later). A lock held elsewhere is told below, once the settings are
  // known right.
  await startedEarly?.catch(() => {});
  const { loadConfig } = await import('./config');
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const dir = config.DATABASE_URL ? null : path.join(config.dataDir, 'pglite');
  const embedded = dir === early ? startedEarly : startedElsewhere(startedEarly, dir);
  // A data directory held by another process fails at once, before the line below waits
  // for it: not left unhandled meanwhile (its error is told once, in one line, below).
  embedded?.catch(() => {});
  const databaseStarting = import('./db/client').then(async (client) =>
    embedded
      ? client.embeddedDatabase(await embedded)
      : client.startDatabase({
          url: config.DATABASE_URL,
          poolSize: config.DATABASE_POOL_SIZE,
          preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
        }),
  );
  // Not left unhandled while the modules load; awaited (and thrown) just below.
  databaseStarting.catch(() => {});
  const [{ buildApp, loggerOptions }, { seedDemo }, { configuredAdmins }, demo] = await Promise.all(
    [
      import('./app'),
      import('./seed/demo'),
      import('./modules/identity/configured-admins'),
      import('./seed/demo-presence'),
    ],
  );
  const { database, opened } = await databaseStarting;
  // A live start refuses a database holding demo accounts or test payments, before the
  // app changes anything (decision 449).
  const refusal = config.liveStart
    ? demo.demoDataRefusal(
        await demo.demoDataPresence(database.db).catch(async (err: unknown) => {
          await opened;
          throw err;
        }),
        demo.liveStartReason(config),
      )
    : null;
  if (refusal && !config.ALLOW_DEMO_DATA) {
    await database.close();
    throw new ConfigError(refusal);
  }
  if (refusal) {
    console.warn(
      'ALLOW_DEMO_DATA=true: a live start on a database with demo data; its accounts sign in with the README passwords until "npm run demo -- remove".',
    );
  }
  const app = await buildApp({
    config,
    database,
    logger: loggerOptions(config.LOG_LEVEL),
    // The first request does not wait for the job workers' statements.
    jobWorkersStart: 'listen',
  }).catch(
    // A database that did not open fails the build's queries too: its own error is the one told.
    async (err: unknown) => {
      await opened;
      throw err;
    },
  );
  await opened;

  // Only addresses proved by an e-mailed link (or a provider that verified them): whoever
  // signs up first with a listed address gets no rights until the link is followed, and
  // a promotion ends the account's sessions and password (modules/identity/configured-admins.ts).
  // After the start of the job queue: each promotion queues its mail in its transaction.
  await app.ready();
  const promoted = await configuredAdmins({
    config,
    db: database.db,
    jobs: () => app.jobs,
  }).promoteAll();
  if (promoted > 0)
    app.log.info({ promoted }, 'ADMIN_EMAILS accounts made admin; a new-password link was mailed');
  if (config.seedsDemo && (await seedDemo(app.auth, database.db))) {
    app.log.info('demo data seeded (accounts in the README)');
  } else if (config.SEED_DEMO && !config.seedsDemo) {
    app.log.info(
      'no demo data seeded: it is seeded only where the test processor takes the payments, never on a live start',
    );
  }

  let goLiveTimer: NodeJS.Timeout | undefined = undefined;
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    clearTimeout(goLiveTimer);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  // The first line names the port actually bound (scripts and tests read it).
  console.log(`Easy Fund is running at http://localhost:${port}`);
  if (config.PUBLIC_URL) console.log(`Its public address is ${config.publicUrl}`);
  console.log(
    `Sign-in works from ${config.trustedOrigins.join(', ')}` +
      ' (to open the site at another address, set PUBLIC_URL or add it to TRUSTED_ORIGINS).',
  );
  // The go-live checklist, a second after the listen: neither the start nor the first
  // answers wait for its queries (one counts the payments) on the embedded database's one
  // connection.
  goLiveTimer = setTimeout(
    () => void goLiveAtStart(config, database),
    GO_LIVE_CHECKS_AFTER_LISTEN_MS,
  );
  // The code compiled so far goes to Node's compile cache now (main.ts), not only at a
  // clean exit: a server that is killed still starts faster the next time.
  (module as { flushCompileCache?: () => void }).flushCompileCache?.();
}

/**
 * The embedded database of the settings (`dir`, or none) where the one started early
 * (`startedEarly`, or none: a first start) is not theirs: that one is closed first, its
 * directory let go.
 */
function startedElsewhere(
  startedEarly: ReturnType<typeof startEmbedded> | null,
  dir: string | null,
): ReturnType<typeof startEmbedded> | null {
  const closed = startedEarly?.then(
    (worker) => worker.close(),
    () => {},
  );
  if (!dir) return null;
  return closed ? closed.then(() => startEmbedded(dir, true)) : startEmbedded(dir, true);
}

/** How long after the listen the go-live checks run (as the job workers start). */
const GO_LIVE_CHECKS_AFTER_LISTEN_MS = 1000;

/**
 * `npm run doctor`'s checks as the server starts (modules/go-live/checks.ts): on a site taking real
 * money each WARN and FAIL line, before that one line. A check that cannot run is no
 * reason to stop a running server.
 */
async function goLiveAtStart(config: Config, database: Database) {
  try {
    const [{ goLiveChecks, startReport }, { localFacts, upkeepFacts }, { demoDataPresence }] =
      await Promise.all([
        import('./modules/go-live/checks'),
        import('./modules/go-live/facts'),
        import('./seed/demo-presence'),
      ]);
    const demoData = await demoDataPresence(database.db).catch((err: unknown) => ({
      notChecked: serializeError(err).message,
    }));
    const upkeep = await upkeepFacts(database).catch(() => undefined);
    const checks = goLiveChecks(config, { ...localFacts(config), demoData, upkeep });
    // One write: the report's lines reach the log together, never split by another line.
    const report = startReport(config, checks);
    if (report.length > 0) console.warn(report.join('\n'));
  } catch (err) {
    console.warn(`The go-live checks could not run: ${serializeError(err).message}`);
  }
}

main().catch((err: unknown) => {
  // A held data directory (db/data-dir-lock.ts) and bad settings are one line, no stack;
  // anything else its stack, without a failed query's parameters.
  console.error(err instanceof ConfigError ? err.message : serializeError(err).stack);
  process.exit(1);
});
