/**
 * `npm run check:ledger [-- --json]`: proves the money invariants on the configured
 * database (DATABASE_URL, or the embedded database under DATA_DIR) and prints a report.
 * Exit code 0 when consistent, 1 when not, 2 when the check could not run.
 * In embedded mode stop the server first: one embedded database, one process.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { checkLedger, formatLedgerReport } from '../lib/ledger';

async function main(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  const config = loadConfig();
  const dataDir = path.join(config.dataDir, 'pglite');
  if (!config.DATABASE_URL && !existsSync(dataDir)) {
    console.error(
      `No database: DATABASE_URL is not set and there is no embedded database in ${dataDir}.`,
    );
    return 2;
  }
  const where = config.DATABASE_URL
    ? `PostgreSQL ${redact(config.DATABASE_URL)}`
    : `the embedded database in ${dataDir}`;
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir,
    poolSize: 1,
    migrate: false,
  });
  try {
    const report = await checkLedger(database.db);
    console.log(json ? JSON.stringify(report, null, 2) : formatLedgerReport(report, where));
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

/** The URL without its password, for the report. */
function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'database';
  }
}

/** The innermost error message (drizzle wraps the driver's error with the whole query). */
function rootCause(err: unknown): string {
  let e = err;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e instanceof Error ? e.message : String(e);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(
      err instanceof ConfigError
        ? err.message
        : `The ledger check could not run: ${rootCause(err)}`,
    );
    process.exit(2);
  },
);
