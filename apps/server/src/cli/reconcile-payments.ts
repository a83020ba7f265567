/**
 * `npm run reconcile [-- --after <minutes>] [-- --json]`: re-reads every payment still
 * pending after PAYMENT_RECONCILE_AFTER_MINUTES (or --after) from the payment provider
 * and records or fails it, through the same idempotent path as the browser's
 * confirmation. The server runs the same job on an interval; this is the manual run.
 * Exit code 0 when every payment could be checked, 1 when some could not, 2 when the
 * run could not start. In embedded mode stop the server first: one embedded database,
 * one process.
 */
import { loadConfig } from '../config';
import { Jobs } from '../lib/job-queue';
import { withSafeErrors } from '../lib/log-errors';
import {
  createCheckoutGateway,
  createPaymentProvider,
} from '../modules/payments/providers/create-provider';
import { settleGatewayRefunds } from '../modules/payments/gateway-refund-status';
import { reconcilePendingPayments } from '../modules/payments/reconcile-pending';
import { option, runCommand } from './command';
import { openProjectDatabase } from './project-database';

async function main(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  const config = loadConfig();
  const afterArg = option(argv, '--after');
  const afterMinutes =
    afterArg === undefined ? config.PAYMENT_RECONCILE_AFTER_MINUTES : Number(afterArg);
  if (!Number.isFinite(afterMinutes) || afterMinutes < 0) {
    console.error('--after takes a number of minutes (0 or more).');
    return 2;
  }
  const database = await openProjectDatabase(config, { poolSize: 2 });
  if (!database) return 2;
  // Errors are written without their query parameters (lib/log-errors.ts).
  const log = {
    warn: (obj: object, msg: string) => console.error(msg, JSON.stringify(withSafeErrors(obj))),
    error: (obj: object, msg: string) => console.error(msg, JSON.stringify(withSafeErrors(obj))),
    info: () => {},
  };
  // Only adds jobs: the receipt e-mails of donations recorded here are sent by the server.
  const jobs = Jobs.sendOnly(database, log, config);
  try {
    await jobs.start();
    const provider = await createPaymentProvider(config, database.db);
    const report = await reconcilePendingPayments(
      {
        db: database.db,
        provider,
        checkout: createCheckoutGateway(config, database.db),
        publicUrl: config.publicUrl,
        jobs,
        log,
      },
      {
        olderThanMs: afterMinutes * 60_000,
        abandonAfterMs: config.PAYMENT_ABANDON_AFTER_HOURS * 3_600_000,
        limit: 10_000,
      },
    );
    // The refund-status job's work too: lost refund answers asked again, refunds under way
    // queried by refund_ref_id (decision 247).
    const checkout = createCheckoutGateway(config, database.db);
    const refunds = checkout
      ? await settleGatewayRefunds({ db: database.db, gateway: checkout, log }, { limit: 10_000 })
      : { asked: 0, refunded: 0, cancelled: 0, errors: 0 };
    if (json) {
      console.log(
        JSON.stringify({ provider: provider.name, afterMinutes, ...report, refunds }, null, 2),
      );
    } else {
      console.log(
        `Reconciled ${report.checked} payment(s) (pending for more than ${afterMinutes} minute(s), or recently failed) with the ${provider.name} provider: ` +
          `${report.succeeded} recorded as donations, ${report.failed} failed, ${report.needsReview} need review, ${report.stillPending} still pending, ${report.errors} could not be checked; ${report.refundHoldsSettled} stale refund hold(s) settled.` +
          (checkout
            ? ` Gateway refunds: ${refunds.asked} asked again, ${refunds.refunded} refunded, ${refunds.cancelled} cancelled, ${refunds.errors} could not be checked.`
            : ''),
      );
    }
    return report.errors > 0 || refunds.errors > 0 ? 1 : 0;
  } finally {
    await jobs.stop();
    await database.close();
  }
}

runCommand(main, 'The reconciliation could not run');
