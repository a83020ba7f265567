/**
 * `npm run check:ledger [-- --json] [-- --provider --since <date> [--until <date>]]`:
 * proves the money invariants on the configured database (DATABASE_URL, or the embedded
 * database under DATA_DIR) and prints a report, with the payments held for review.
 * `--provider` also compares, payment by payment, what the payment provider took and
 * gave back over the period with what we recorded (default: the last 7 days); with
 * SSLCommerz, each payment's transactions by tran_id and each refund by refund_ref_id.
 * Exit code 0 when consistent, 1 when not, 2 when the check could not run.
 * In embedded mode stop the server first: one embedded database, one process.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { checkLedger } from '../modules/ledger/check';
import { formatLedgerReport } from '../modules/ledger/report';
import { checkProviderLedger, formatProviderLedgerReport } from '../modules/ledger/provider-check';
import { serializeError } from '../lib/log-errors';
import {
  createCheckoutGateway,
  createPaymentProvider,
} from '../modules/payments/providers/create-provider';
import { checkGatewayLedger } from '../modules/payments/gateway-ledger';
import { option } from './command';

function dateOption(argv: string[], name: string, fallback: Date): Date {
  const raw = option(argv, name);
  if (raw === undefined) return fallback;
  const d = new Date(raw);
  if (Number.isNaN(d.getTime())) throw new UsageError(`${name} takes a date such as 2026-11-01.`);
  return d;
}

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  const withProvider = argv.includes('--provider');
  const until = dateOption(argv, '--until', new Date());
  const since = dateOption(argv, '--since', new Date(until.getTime() - 7 * 86_400_000));
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
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
    dataDir,
    poolSize: 1,
    migrate: false,
  });
  try {
    const report = await checkLedger(database.db);
    // With SSLCommerz the payments go through its checkout: its transactions (by tran_id)
    // and refunds (by refund_ref_id) are compared; else the card provider's intents.
    const gateway =
      config.paymentProvider === 'sslcommerz' ? createCheckoutGateway(config, database.db) : null;
    const providerReport = !withProvider
      ? null
      : gateway
        ? await checkGatewayLedger(database.db, gateway, since, until)
        : await checkProviderLedger(
            database.db,
            await createPaymentProvider(config, database.db),
            since,
            until,
          );
    if (json) {
      console.log(JSON.stringify(providerReport ? { ...report, providerReport } : report, null, 2));
    } else {
      console.log(formatLedgerReport(report, where));
      if (providerReport) console.log(formatProviderLedgerReport(providerReport));
    }
    return report.ok && (providerReport?.ok ?? true) ? 0 : 1;
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
  // PostgreSQL quotes the values involved in some messages: they are cut out.
  return serializeError(e).message;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(
      err instanceof ConfigError || err instanceof UsageError
        ? err.message
        : `The ledger check could not run: ${rootCause(err)}`,
    );
    process.exit(2);
  },
);
