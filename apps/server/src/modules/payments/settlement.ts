import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { builtOnce } from '../../db/built-once';
import type { Db, Tx } from '../../db/client';
import { payments } from '../../db/schema';
import { notifyHeld } from '../notifications/service';
import { type Jobs, QUEUES } from '../../lib/job-queue';
import { keptPromise } from '../../lib/kept-promise';
import type { ProviderIntent } from './providers/provider';
import { markDeclined } from './declines';
import { PAYMENT_MESSAGES, type PaymentDeps, type PaymentRow, type SettleOutcome } from './deps';
import { recordRefund } from './refunds';

/**
 * Brings one payment in line with its intent at the provider. The one code path used
 * by the browser's confirmation, the webhook and the reconciliation job; safe to run
 * any number of times, also concurrently. A recorded donation is re-read too: a refund
 * or a dispute at the provider reaches the ledger through `recordRefund`.
 */
export async function settlePayment(
  deps: PaymentDeps,
  row: PaymentRow,
  opts: {
    abandonBefore?: Date;
    source?: string;
    /** Told what this call recorded, when it recorded the donation and nothing since. */
    recorded?: (recorded: Recorded) => void;
    /** The intent as the provider has it, already read (null: it has no such intent). */
    intent?: ProviderIntent | null;
  } = {},
): Promise<SettleOutcome> {
  if (row.provider !== deps.provider.name) {
    if (row.status === 'succeeded' || row.status === 'refunded') return 'succeeded';
    return row.status === 'pending'
      ? 'pending'
      : row.status === 'failed'
        ? 'failed'
        : 'needs_review';
  }
  if (row.status === 'needs_review') return 'needs_review';

  // The provider call happens before, never inside, a transaction.
  let intent =
    opts.intent !== undefined
      ? opts.intent
      : await deps.provider.retrieveIntent(row.providerPaymentId);
  if (row.status === 'succeeded' || row.status === 'refunded') {
    if (intent) await recordRefund(deps, row.id, intent, opts.source ?? 'reconciliation');
    return 'succeeded';
  }
  if (!intent) {
    deps.log.warn({ paymentId: row.id }, 'payment intent unknown to the provider');
    await markFailed(deps.db, row.id, PAYMENT_MESSAGES.unknownAtProvider);
    return 'failed';
  }
  if (
    intent.outcome === 'pending' &&
    opts.abandonBefore &&
    row.status === 'pending' &&
    row.createdAt < opts.abandonBefore
  ) {
    // Nobody paid in time: cancel at the provider first, so a late card cannot take
    // money we no longer wait for. The answer may show it succeeded meanwhile.
    intent = (await deps.provider.cancelIntent(row.providerPaymentId)) ?? intent;
    if (intent.outcome === 'pending') {
      deps.log.warn(
        { paymentId: row.id },
        'abandoned payment could not be canceled at the provider',
      );
    } else if (intent.outcome === 'failed') {
      await markFailed(deps.db, row.id, PAYMENT_MESSAGES.abandoned);
      return 'failed';
    }
  }
  if (intent.outcome === 'succeeded') {
    const problem = differenceFromProvider(row, intent);
    if (problem) {
      deps.log.error(
        {
          paymentId: row.id,
          expected: { amount: row.amountPoisha, currency: row.currency, paymentId: row.id },
          provider: {
            amount: intent.amount,
            amountReceived: intent.amountReceived,
            currency: intent.currency,
            paymentId: intent.metadata.paymentId ?? null,
          },
        },
        'payment differs from the provider; held for review, not recorded',
      );
      const held = await markNeedsReview(deps.db, row.id, problem, intent.amountReceived);
      if (held && deps.mailQueue) await notifyHeld(deps.db, deps.mailQueue, row.id);
      return 'needs_review';
    }
    const recorded = await recordDonation(deps.db, row.id, { jobs: deps.jobs });
    if (intent.refundedPoisha > 0 || intent.disputedPoisha > 0) {
      await recordRefund(deps, row.id, intent, opts.source ?? 'reconciliation');
    } else if (recorded) {
      opts.recorded?.(recorded);
    }
    return 'succeeded';
  }
  if (intent.outcome === 'failed') {
    // A failed row re-read by the reconciliation keeps the reason it was given.
    if (row.status !== 'failed') {
      const message = intent.lastError ?? PAYMENT_MESSAGES.failed;
      // A canceled intent (by the abandonment, or at the provider) was not declined.
      if (intent.declined) await markDeclined(deps.db, row.id, message, 1, intent.instrument);
      else await markFailed(deps.db, row.id, message);
    }
    return 'failed';
  }
  if (opts.abandonBefore && row.status === 'pending' && row.createdAt < opts.abandonBefore) {
    await markFailed(deps.db, row.id, PAYMENT_MESSAGES.abandoned);
    return 'failed';
  }
  return row.status === 'failed' ? 'failed' : 'pending';
}

/**
 * Why a succeeded intent must not be recorded as this payment: another amount (asked
 * or received), another currency, or the metadata of another payment. Null when it matches.
 */
function differenceFromProvider(row: PaymentRow, intent: ProviderIntent): string | null {
  if (
    intent.amount !== row.amountPoisha ||
    intent.amountReceived !== row.amountPoisha ||
    intent.currency.toLowerCase() !== row.currency
  ) {
    return PAYMENT_MESSAGES.mismatch;
  }
  if (intent.metadata.paymentId !== row.id) return PAYMENT_MESSAGES.metadata;
  return null;
}

/**
 * Records a donation, in one short transaction: the payment becomes succeeded (only
 * from pending or failed, so a replay, a late webhook or a concurrent confirmation
 * finds nothing to do) and the receipt e-mail is queued (keyed by the payment: queued
 * once). As the payment is written, the database takes the fund out of the donor's cart,
 * gives the payment its year's next receipt number and grows the fund's total, donation
 * count and (for a first donation to it) donor count when the payment's mode is the site's
 * (a test payment never moves a live total). Returns when it succeeded and its receipt
 * number, or null when the payment was already recorded.
 */
export async function recordDonation(
  db: Db,
  paymentId: string,
  {
    at = new Date(),
    details = {},
    from = ['pending', 'failed'],
    jobs,
    within,
  }: {
    /** When it succeeded: now, except for demo data and tests that tell a history. */
    at?: Date;
    /** What the gateway told about it (its transaction, the validation, the method). */
    details?: {
      validationId?: string;
      gatewayTransactionId?: string | null;
      method?: string;
      /** An admin records a held payment at what the provider took. */
      amountPoisha?: number;
    };
    /** The statuses it may be recorded from; an admin's approval records a payment in review. */
    from?: readonly string[];
    /** Where the receipt e-mail is queued; absent, no e-mail is sent. */
    jobs?: Jobs;
    /** Runs in the recording transaction, the payment held and about to be recorded (the audit trail). */
    within?: (tx: Tx) => Promise<void>;
  } = {},
): Promise<Recorded | null> {
  // The fund's totals, the receipt number, the day's totals and the cart follow from the
  // payment's own update, by the trigger `payments_record` (migration 0038, decision 472):
  // the rows every donation needs are then held from the transaction's last statement to
  // its commit only.
  if (!within) {
    // A donation's own recording (every confirmation, webhook and checkout): one statement,
    // so one round trip and its own transaction — the payment becomes succeeded and, only
    // if it did, its receipt job is added (keyed by the payment).
    const record = await recordingStatement(db, jobs, from, details);
    const rows = await record.execute({
      paymentId,
      at: at.toISOString(),
      ...details,
      ...(jobs ? { jobId: paymentId, jobData: JSON.stringify({ paymentId }) } : {}),
    });
    const [recorded] = rows;
    if (!recorded) return null;
    if (jobs) jobs.sent(QUEUES.receiptMail);
    return { succeededAt: at, receiptNumber: recorded.receiptNumber };
  }
  return db.transaction(async (tx) => {
    // The payment is held first and recorded last: what runs within and the receipt job
    // come before the statement that takes the fund's row and the receipt counter.
    const [held] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.id, paymentId), inArray(payments.status, [...from])))
      .for('update');
    if (!held) return null;
    await within(tx);
    await jobs?.send(QUEUES.receiptMail, { paymentId }, { id: paymentId, tx });
    const [recorded] = await tx
      .update(payments)
      .set({ status: 'succeeded', succeededAt: at, failureMessage: null, ...details })
      .where(eq(payments.id, paymentId))
      .returning({ receiptNumber: payments.receiptNumber });
    if (!recorded) throw new Error('the held payment was not recorded');
    return { succeededAt: at, receiptNumber: recorded.receiptNumber };
  });
}

/** A donation just recorded: when it succeeded and the receipt number it was given. */
export interface Recorded {
  succeededAt: Date;
  receiptNumber: string | null;
}

type RecordedDetails = NonNullable<Parameters<typeof recordDonation>[2]>['details'];

/**
 * `recordDonation`'s statement, built once per database, job queue, statuses recorded from
 * and set of details given (a confirmation's, a gateway's): the payment becomes succeeded
 * (placeholders `paymentId`, `at` and one per detail) and, only if it did, its receipt job
 * is added (`jobId`, `jobData`). Built anew for each donation, drizzle's and pg-boss's
 * assembly of it was a tenth of the server's thread on a donation.
 */
function recordingStatement(
  db: Db,
  jobs: Jobs | undefined,
  from: readonly string[],
  details: RecordedDetails = {},
) {
  const byShape = recordingStatements(db);
  // A detail given as undefined is not set (as drizzle's `set` leaves it), not set to null.
  const names = (Object.keys(details) as (keyof NonNullable<RecordedDetails>)[])
    .filter((name) => details[name] !== undefined)
    .sort();
  const key = JSON.stringify([from, names]);
  let byJobs = byShape.get(key);
  if (!byJobs) byShape.set(key, (byJobs = new Map()));
  return keptPromise(byJobs, jobs ?? null, () => buildRecording(db, jobs, from, names));
}

const recordingStatements = builtOnce(
  () => new Map<string, Map<Jobs | null, ReturnType<typeof buildRecording>>>(),
);

async function buildRecording(
  db: Db,
  jobs: Jobs | undefined,
  from: readonly string[],
  names: readonly (keyof NonNullable<RecordedDetails>)[],
) {
  const paid = recordingPart(
    db,
    and(eq(payments.id, sql.placeholder('paymentId')), inArray(payments.status, [...from]))!,
    names,
  );
  const answer = { receiptNumber: paid.receiptNumber };
  if (!jobs) return db.with(paid).select(answer).from(paid).prepare('');
  const receipt = db.$with('receipt', {}).as(await jobs.jobStatement(QUEUES.receiptMail, 'paid'));
  return db.with(paid, receipt).select(answer).from(paid).prepare('');
}

/**
 * A donation's recording as the part `paid` of a statement: the payment `where` finds
 * becomes succeeded at the placeholder `at` (with the details `names`, each its own
 * placeholder), and the trigger `payments_record` does the rest; it returns the payment's
 * `id` and `receiptNumber`. Its receipt job is the part `receipt`, gated by `paid`
 * (`Jobs.jobStatement`). `recordDonation`'s statement, and the confirmation's with an
 * embedded processor (payments/intents.ts).
 */
export function recordingPart(
  db: Db,
  where: SQL,
  names: readonly (keyof NonNullable<RecordedDetails>)[] = [],
) {
  const value = sql.placeholder;
  return db.$with('paid').as(
    db
      .update(payments)
      .set({
        status: 'succeeded',
        succeededAt: sql`${value('at')}`,
        failureMessage: null,
        updatedAt: sql`now()`,
        ...Object.fromEntries(names.map((name) => [name, sql`${value(name)}`])),
      })
      .where(where)
      .returning({ id: payments.id, receiptNumber: payments.receiptNumber }),
  );
}

/** A succeeded intent that does not match the payment: kept aside for an admin. */
async function markNeedsReview(
  db: Db,
  paymentId: string,
  message: string,
  /** What the provider says it took (an admin may record the payment at it). */
  takenPoisha: number,
): Promise<boolean> {
  const held = await db
    .update(payments)
    .set({
      status: 'needs_review',
      failureMessage: message.slice(0, 500),
      providerAmountPoisha: takenPoisha > 0 ? takenPoisha : null,
    })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, ['pending', 'failed'])))
    .returning({ id: payments.id });
  return held.length > 0;
}

/** A failed attempt: the payment says why; no total changes. */
async function markFailed(db: Db, paymentId: string, message: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'failed', failureMessage: message.slice(0, 500) })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, ['pending', 'failed'])));
}
