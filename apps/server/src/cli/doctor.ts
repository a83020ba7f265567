/**
 * `npm run doctor`: the go-live checklist (modules/go-live/checks.ts) on this machine's configuration
 * and database, one line per check (`OK`, `WARN`, `FAIL`) with what to do, in the order of
 * docs/deploying.md's "Go-live checklist". Before real money (the demo, a sandbox) what a
 * live site needs is a WARN; with live keys it is a FAIL.
 * Exit code 0 without FAIL, 1 with one, 2 when the check could not run (bad settings).
 * On the embedded database while the server runs, the demo-data line says it could not
 * look (the server's start prints it instead).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Config, loadConfig } from '../config';
import { DataDirLocked } from '../db/data-dir-lock';
import { type Database, openDatabase } from '../db/client';
import { formatCheck, goLiveChecks } from '../modules/go-live/checks';
import {
  type DemoDataFacts,
  type GoLiveFacts,
  localFacts,
  upkeepFacts,
} from '../modules/go-live/facts';
import { errorLine } from '../lib/log-errors';
import { demoDataPresence } from '../seed/demo-presence';
import { runCommand } from './command';

/** PostgreSQL's "relation does not exist": a database no server has started on yet. */
const UNDEFINED_TABLE = '42P01';

function codeOf(err: unknown): string | undefined {
  let e = err;
  while (e instanceof Error) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = e.cause;
  }
  return undefined;
}

/** The innermost error (drizzle wraps the driver's error with the whole query). */
function rootCause(err: unknown): unknown {
  let e = err;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e;
}

/** What the database says about demo data and its upkeep, or why it could not be asked. */
async function databaseFacts(
  config: Config,
): Promise<Pick<GoLiveFacts, 'demoData' | 'databaseError' | 'upkeep'>> {
  const dataDir = path.join(config.dataDir, 'pglite');
  if (!config.DATABASE_URL && !existsSync(path.join(dataDir, 'PG_VERSION'))) {
    return { demoData: { noDatabase: true } };
  }
  let database: Database | undefined;
  try {
    database = await openDatabase({
      url: config.DATABASE_URL,
      preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
      dataDir,
      poolSize: 1,
      migrate: false,
    });
    return {
      demoData: await demoDataPresence(database.db),
      upkeep: await upkeepFacts(database),
    };
  } catch (err) {
    if (err instanceof DataDirLocked) {
      const demoData: DemoDataFacts = {
        notChecked:
          'the embedded database is in use by the running server (its start prints this check)',
      };
      return { demoData };
    }
    if (codeOf(err) === UNDEFINED_TABLE) return { demoData: { noDatabase: true } };
    return {
      demoData: { notChecked: 'the database did not answer' },
      databaseError: errorLine(rootCause(err)),
    };
  } finally {
    await database?.close();
  }
}

async function main(): Promise<number> {
  const config = loadConfig();
  const facts: GoLiveFacts = { ...localFacts(config), ...(await databaseFacts(config)) };
  const checks = goLiveChecks(config, facts);
  const live = config.paymentMode === 'live';
  console.log(
    `Go-live checks for ${config.publicUrl} (${
      live
        ? 'real money: every FAIL must be fixed'
        : 'test money: each WARN is a FAIL once the payment provider takes real money'
    })`,
  );
  for (const check of checks) console.log(formatCheck(check));
  const count = (status: string) => checks.filter((c) => c.status === status).length;
  console.log(`${count('FAIL')} FAIL, ${count('WARN')} WARN, ${count('OK')} OK`);
  return count('FAIL') > 0 ? 1 : 0;
}

runCommand(main, 'The doctor could not run');
