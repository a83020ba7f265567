import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { formatTk } from '@easyfund/shared/money';
import { CURRENCY } from '@easyfund/shared/constants';
import { tkToPoisha } from '@easyfund/shared/money';
import type { TMe } from '@easyfund/shared/schemas/common';
import type {
  TConfirmPaymentRequest,
  TConfirmPaymentResponse,
  TCreateIntentRequest,
  TCreateIntentResponse,
} from '@easyfund/shared/schemas/donations';
import { builtOnce } from '../../db/built-once';
import type { Db, Tx } from '../../db/client';
import {
  fundSubscriptions,
  funds,
  payments,
  pendingRefunds,
  refunds,
  user,
  withdrawals,
} from '../../db/schema';
import { Conflict, Invalid, NotFound } from '../../lib/errors';
import { countsInLedger, recountDonors } from '../funds/totals';
import { type MailQueue, notifyDecision, notifyHeld, notifyRefund } from '../notifications/service';
import type { CheckoutGateway } from './providers/gateway';
import { type Jobs, QUEUES } from '../../lib/job-queue';
import type { IntentOutcome, PaymentProvider, ProviderIntent } from './providers/provider';
import { latestChoiceWins } from '../updates/subscriptions';
import { currentModeWithdrawal, heldBack, refundUnderWay } from '../withdrawals/balance';
import type { Language } from '@easyfund/shared/i18n/languages';
import { translate } from '../../lib/i18n';
import { markDeclined } from './declines';
import { findUserPayment } from './views';

export interface PaymentDeps {
  db: Db;
  provider: PaymentProvider;
  /** The hosted checkout, when there is one (its payments are reconciled too). */
  checkout?: CheckoutGateway | null;
  publicUrl?: string;
  /** Where the receipt e-mail is queued; absent, no e-mail is sent. */
  jobs?: Jobs;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Tells donors of refunds (absent in tools that only reconcile). */
  mailQueue?: MailQueue;
}

export type PaymentRow = typeof payments.$inferSelect;

/** What settling a payment found: the intent's outcome, or a difference a person must look at. */
export type SettleOutcome = IntentOutcome | 'needs_review';

/** Why a suspended or closed fund refuses a donation. */
export const FUND_ON_HOLD = 'This fund is not taking donations at the moment.';

export const PAYMENT_MESSAGES = {
  unknownAtProvider: 'The payment provider has no record of this payment.',
  mismatch:
    'The payment provider reported a different amount or currency; the donation was not recorded. Please contact us.',
  failed: 'The payment failed.',
  abandoned: 'The payment was not completed.',
  metadata:
    "The payment provider's record belongs to another payment; the donation was not recorded. Please contact us.",
} as const;

/** The amount is outside what the provider takes (checked before calling it). */
export function outOfLimitsMessage(provider: PaymentProvider, lang: Language = 'en'): string {
  return translate(lang, 'This payment method takes {{min}} to {{max}}.', {
    min: formatTk(provider.limits.minPoisha, lang),
    max: formatTk(provider.limits.maxPoisha, lang),
  });
}

/** Whether a fund takes donations (the first statement of every donation). */
const fundState = builtOnce((db) =>
  db
    .select({ id: funds.id, status: funds.status, hold: funds.hold })
    .from(funds)
    .where(eq(funds.id, sql.placeholder('fundId')))
    .prepare(''),
);

/** A donor's own payment by its intent at the provider (a confirmation's first statement). */
const ownPaymentByIntent = builtOnce((db) =>
  db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.providerPaymentId, sql.placeholder('intentId')),
        eq(payments.userId, sql.placeholder('userId')),
      ),
    )
    .prepare(''),
);

/**
 * A donation's pending payment and the pay step's "Tell me how this fund is doing" (the
 * latest choice for this fund wins) in one statement: one round trip, both or neither.
 */
const pendingPayment = builtOnce((db) => {
  const value = sql.placeholder;
  const pending = db.$with('pending').as(
    db.insert(payments).values({
      id: value('id'),
      userId: value('userId'),
      fundId: value('fundId'),
      provider: value('provider'),
      providerPaymentId: value('providerPaymentId'),
      amountPoisha: value('amountPoisha'),
      currency: value('currency'),
      status: 'pending',
      anonymous: value('anonymous'),
      supportMessage: value('supportMessage'),
      zakat: value('zakat'),
      mode: value('mode'),
      clientNetwork: value('clientNetwork'),
    }),
  );
  return db
    .with(pending)
    .insert(fundSubscriptions)
    .values({ userId: value('userId'), fundId: value('fundId'), subscribed: value('subscribed') })
    .onConflictDoUpdate(latestChoiceWins)
    .prepare('');
});

/**
 * Starts a donation: checks the fund takes donations, asks the provider for an intent
 * (outside any transaction), then stores the pending payment. The browser gets the
 * intent's client secret to confirm the card with the provider itself.
 */
export async function createPaymentIntent(
  deps: PaymentDeps,
  actor: TMe,
  input: TCreateIntentRequest,
  lang: Language = 'en',
  /** Where the donor is (an IPv4 address or IPv6 /64): a decline counts against it. */
  clientNetwork: string | null = null,
): Promise<TCreateIntentResponse> {
  const { db, provider } = deps;
  const [fund] = await fundState(db).execute({ fundId: input.fundId });
  // Pending and denied funds are not open to donors: the same answer as an unknown one.
  if (!fund || fund.status !== 'approved') throw new NotFound('Fund');
  // A suspended or closed fund is public, with its reason, but takes no donations.
  if (fund.hold) throw new Conflict(FUND_ON_HOLD, 'fund_on_hold');

  const paymentId = randomUUID();
  const amountPoisha = tkToPoisha(input.amountTk);
  if (amountPoisha < provider.limits.minPoisha || amountPoisha > provider.limits.maxPoisha) {
    const message = outOfLimitsMessage(provider, lang);
    throw new Invalid(message, { amountTk: message });
  }
  const intent = await provider.createIntent({
    amountPoisha,
    currency: CURRENCY,
    metadata: { paymentId, fundId: fund.id, userId: actor.id },
    idempotencyKey: `easyfund-payment-${paymentId}`,
  });
  await pendingPayment(db).execute({
    id: paymentId,
    userId: actor.id,
    fundId: fund.id,
    provider: provider.name,
    providerPaymentId: intent.id,
    amountPoisha,
    currency: CURRENCY,
    anonymous: input.anonymous,
    supportMessage: input.supportMessage ?? null,
    zakat: input.zakat,
    mode: provider.mode,
    subscribed: input.updatesOptIn,
    clientNetwork,
  });
  return {
    paymentId,
    provider: provider.name === 'none' ? 'sslcommerz' : provider.name,
    intentId: intent.id,
    clientSecret: intent.clientSecret,
    amountPoisha,
    ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
  };
}

/**
 * The browser says it confirmed the card: re-read the intent from the provider and
 * record what the provider says. Only the payment's own user may ask.
 */
export async function confirmPayment(
  deps: PaymentDeps,
  actor: TMe,
  input: TConfirmPaymentRequest,
): Promise<TConfirmPaymentResponse> {
  const [row] = await ownPaymentByIntent(deps.db).execute({
    intentId: input.intentId,
    userId: actor.id,
  });
  if (!row) throw new NotFound('Payment');
  const outcome = await settlePayment(deps, row);
  const status = outcome === 'needs_review' ? 'failed' : outcome;
  const payment = await findUserPayment(deps.db, actor.id, row.id);
  if (!payment) throw new NotFound('Payment');
  return { status, payment };
}

/**
 * Brings one payment in line with its intent at the provider. The one code path used
 * by the browser's confirmation, the webhook and the reconciliation job; safe to run
 * any number of times, also concurrently. A recorded donation is re-read too: a refund
 * or a dispute at the provider reaches the ledger through `recordRefund`.
 */
export async function settlePayment(
  deps: PaymentDeps,
  row: PaymentRow,
  opts: { abandonBefore?: Date; source?: string } = {},
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
  let intent = await deps.provider.retrieveIntent(row.providerPaymentId);
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
    await recordDonation(deps.db, row.id, { jobs: deps.jobs });
    if (intent.refundedPoisha > 0 || intent.disputedPoisha > 0) {
      await recordRefund(deps, row.id, intent, opts.source ?? 'reconciliation');
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

/** Fund totals count only payments of the site's current mode (ledger_settings). */

/**
 * Records a donation, in one short transaction: the payment becomes succeeded (only
 * from pending or failed, so a replay, a late webhook or a concurrent confirmation
 * finds nothing to do) and the receipt e-mail is queued (keyed by the payment: queued
 * once). At its commit the database takes the fund out of the donor's cart, gives the
 * payment the year's next receipt number and grows the fund's total, donation count and
 * (for a first donation to it) donor count when the payment's mode is the site's (a test
 * payment never moves a live total). Returns false when the payment was already recorded.
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
    /** Runs in the recording transaction once the payment is recorded (the audit trail). */
    within?: (tx: Tx) => Promise<void>;
  } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [paid] = await tx
      .update(payments)
      .set({ status: 'succeeded', succeededAt: at, failureMessage: null, ...details })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, [...from])))
      .returning({ id: payments.id });
    if (!paid) return false;
    await within?.(tx);
    await jobs?.send(QUEUES.receiptMail, { paymentId: paid.id }, { id: paid.id, tx });
    // The fund's totals, the receipt number and the cart follow at the commit, by the
    // deferred trigger `payments_record_at_commit` (migrations 0012 and 0014, decision
    // 423): the rows every donation needs are then held for the commit only.
    return true;
  });
}

/**
 * Money taken back after a donation was recorded (a refund or a dispute at the
 * provider, or an admin's refund). `intent` is the provider's state re-read outside
 * the transaction; inside it the payment row is locked, the new part is written to
 * `refunds`, and the fund's raised total (and so its withdrawable balance) and, for a
 * whole refund, its donation count go down. Safe to repeat: only the difference from
 * what is already recorded is applied. Returns the poisha newly taken back (negative
 * when a won dispute gave money back).
 */
export async function recordRefund(
  deps: Pick<PaymentDeps, 'db' | 'mailQueue'>,
  paymentId: string,
  /** The provider's totals for the payment, or (a gateway that reports no totals) one new refund. */
  intent: Pick<ProviderIntent, 'refundedPoisha' | 'disputedPoisha'> | { addedPoisha: number },
  source: string,
  /** The admin's reason, kept on the refund row for the papers that show it. */
  reason?: string,
  /** Runs in the recording transaction, after the record (a gateway refund's new state). */
  within?: (tx: Tx) => Promise<void>,
): Promise<number> {
  let refundId: string | undefined;
  let held: string[] = [];
  const delta = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    // An admin's refund under way is recorded now (or found to be nothing): no longer held back.
    const own = await tx
      .delete(pendingRefunds)
      .where(eq(pendingRefunds.source, source))
      .returning({ amount: pendingRefunds.amountPoisha });
    await within?.(tx);
    if (!row || (row.status !== 'succeeded' && row.status !== 'refunded')) return 0;
    // A gateway reporting no totals tells of one refund per source: told again (a retried
    // request answered "already initiated"), it is recorded once.
    if ('addedPoisha' in intent) {
      const [seen] = await tx
        .select({ id: refunds.id })
        .from(refunds)
        .where(eq(refunds.source, source.slice(0, 200)));
      if (seen) return 0;
    }
    const taken =
      'addedPoisha' in intent
        ? row.refundedPoisha + intent.addedPoisha
        : intent.refundedPoisha + intent.disputedPoisha;
    const disputed = 'addedPoisha' in intent ? 0 : intent.disputedPoisha;
    const target = Math.min(row.amountPoisha, taken);
    const delta = target - row.refundedPoisha;
    if (delta === 0) return 0;
    // Money taken back beyond this source's own hold may be another request's refund, recorded
    // here first (a webhook with its event id before the admin's request records it): its hold
    // ends now, so the same money is never both taken from the fund and held back.
    if (delta > 0) {
      const ownHeld = own.reduce((sum, r) => sum + r.amount, 0);
      await releaseHolds(tx, paymentId, delta - ownHeld);
    }
    const whole = target === row.amountPoisha;
    // A won dispute gives money back (delta < 0): the donation counts again.
    const countChange =
      row.status === 'succeeded' && whole ? -1 : row.status === 'refunded' && !whole ? 1 : 0;
    const [refund] = await tx
      .insert(refunds)
      .values({
        paymentId,
        kind: delta < 0 ? 'reinstated' : disputed > 0 ? 'dispute' : 'refund',
        amountPoisha: Math.abs(delta),
        source: source.slice(0, 200),
        reason: reason ?? null,
      })
      .returning({ id: refunds.id });
    refundId = refund?.id;
    await tx
      .update(payments)
      .set({ refundedPoisha: target, status: whole ? 'refunded' : 'succeeded' })
      .where(eq(payments.id, paymentId));
    // The fund row is held from here to the commit, as a withdrawal request holds it: the
    // balance is re-checked against the withdrawals and refunds committed by now.
    const [fund] = await tx
      .select({ raised: funds.raisedPoisha })
      .from(funds)
      .where(and(eq(funds.id, row.fundId), countsInLedger(row.mode)))
      .for('update');
    if (!fund) return delta;
    await tx
      .update(funds)
      .set({
        raisedPoisha: sql`${funds.raisedPoisha} - ${delta}`,
        donationCount: sql`${funds.donationCount} + ${countChange}`,
      })
      .where(eq(funds.id, row.fundId));
    if (countChange !== 0) await recountDonors(tx, row.fundId);
    if (delta > 0) held = await holdWithdrawalsAbove(tx, row.fundId, fund.raised - delta);
    return delta;
  });
  // The donor hears of it once the refund is recorded (never of a refund rolled back); the
  // raiser of each withdrawal request it left without money, as of an admin's denial.
  if (refundId && deps.mailQueue) await notifyRefund(deps.db, deps.mailQueue, refundId);
  for (const id of held) {
    if (deps.mailQueue) await notifyDecision(deps.db, deps.mailQueue, 'withdrawal', id);
  }
  return delta;
}

/**
 * Lowers a payment's refunds under way (`pending_refunds`) by `poisha` just recorded,
 * oldest first: a hold wholly covered goes, a partly covered one shrinks. Runs in the
 * recording transaction, with the payment row held.
 */
async function releaseHolds(tx: Tx, paymentId: string, poisha: number): Promise<void> {
  if (poisha <= 0) return;
  const holds = await tx
    .select({ source: pendingRefunds.source, amount: pendingRefunds.amountPoisha })
    .from(pendingRefunds)
    .where(eq(pendingRefunds.paymentId, paymentId))
    .orderBy(asc(pendingRefunds.createdAt), asc(pendingRefunds.source));
  let left = poisha;
  for (const hold of holds) {
    if (left <= 0) break;
    if (hold.amount <= left) {
      await tx.delete(pendingRefunds).where(eq(pendingRefunds.source, hold.source));
    } else {
      await tx
        .update(pendingRefunds)
        .set({ amountPoisha: hold.amount - left })
        .where(eq(pendingRefunds.source, hold.source));
    }
    left -= hold.amount;
  }
}

/** Why a withdrawal request was denied without an admin: a refund took its money. */
export const WITHDRAWAL_HELD_FEEDBACK =
  "Denied without payment: a refund to a donor lowered this fund's balance below this request. Please request again up to the available balance.";

/**
 * A refund has left the fund with `raisedPoisha`: when its approved and pending
 * withdrawals and the refunds under way no longer fit, pending requests are denied,
 * newest first, until the rest fits (decision 246). Money not yet paid out stays with
 * the charity; approved withdrawals are already paid and stay (the ledger check reports
 * what they exceed). Runs in the recording transaction, with the fund row held. Returns
 * the denied requests.
 */
async function holdWithdrawalsAbove(tx: Tx, fundId: string, raisedPoisha: number) {
  let over = (await heldBack(tx, fundId)) - raisedPoisha;
  if (over <= 0) return [];
  const open = await tx
    .select({
      id: withdrawals.id,
      amountPoisha: withdrawals.amountPoisha,
      language: user.language,
    })
    .from(withdrawals)
    .innerJoin(user, eq(user.id, withdrawals.raiserId))
    .where(
      and(eq(withdrawals.fundId, fundId), eq(withdrawals.status, 'pending'), currentModeWithdrawal),
    )
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id));
  const denied: string[] = [];
  for (const w of open) {
    if (over <= 0) break;
    // The feedback is written in the raiser's language, as an admin would write it. A request
    // an admin decided meanwhile (approval does not hold the fund row) is no longer pending:
    // it is neither counted as denied nor mailed again.
    const [changed] = await tx
      .update(withdrawals)
      .set({
        status: 'denied',
        feedback: translate(w.language === 'bn' ? 'bn' : 'en', WITHDRAWAL_HELD_FEEDBACK),
        decidedBy: null,
        decidedAt: new Date(),
      })
      .where(and(eq(withdrawals.id, w.id), eq(withdrawals.status, 'pending')))
      .returning({ id: withdrawals.id });
    if (!changed) continue;
    denied.push(w.id);
    over -= w.amountPoisha;
  }
  return denied;
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

/** An admin's refund request, parsed at the edge. */
export interface AdminRefundInput {
  amountPoisha: number;
  reason: string;
  /** One key per admin request: a repeated request refunds nothing more. */
  requestKey: string;
}

export const REFUND_MESSAGES = {
  notRefundable: 'Only a succeeded payment can be refunded.',
  tooLarge: 'The refund is more than what is left of this payment ({{amount}}).',
  withdrawn:
    'The fund no longer holds enough: money has been withdrawn or requested for withdrawal, and only {{amount}} remains to refund.',
  otherProvider: 'This payment was made with another payment provider; refund it there.',
  refused: 'The payment gateway refused the refund: {{reason}}',
} as const;

/** The source of an admin's refund decision: its `refunds`, hold and gateway rows share it. */
export const refundSource = (adminId: string, requestKey: string) =>
  `admin:${adminId}:${requestKey}`.slice(0, 200);

/**
 * An admin refunds all or part of a succeeded card payment: check what is refundable and
 * what the fund still holds, and hold the amount back (`reserveRefund`); ask the
 * provider (outside any transaction, with the request's idempotency key); re-read the
 * provider's state and record it through `recordRefund`, which releases the hold in the
 * same transaction. A refused or failed provider call releases it too.
 */
export async function refundPayment(
  deps: PaymentDeps,
  actor: Pick<TMe, 'id'>,
  paymentId: string,
  input: AdminRefundInput,
  /** The request's language, for the messages that carry an amount. */
  lang: Language = 'en',
): Promise<{
  paymentId: string;
  status: string;
  refundedPoisha: number;
  refundablePoisha: number;
}> {
  const { db, provider } = deps;
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!row) throw new NotFound('Payment');
  const source = refundSource(actor.id, input.requestKey);
  const [repeat] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(eq(refunds.source, source));
  if (repeat) return refundResult(db, paymentId);
  if (row.status !== 'succeeded')
    throw new Conflict(REFUND_MESSAGES.notRefundable, 'not_refundable');
  if (row.provider !== provider.name)
    throw new Conflict(REFUND_MESSAGES.otherProvider, 'other_provider');
  await reserveRefund(db, row.id, input.amountPoisha, source, lang);
  const reason = input.reason.slice(0, 400);
  try {
    await provider.refund({
      intentId: row.providerPaymentId,
      amountPoisha: input.amountPoisha,
      idempotencyKey: `easyfund-refund-${paymentId}-${input.requestKey}`,
      metadata: { paymentId, reason, by: actor.id },
    });
    const intent = await provider.retrieveIntent(row.providerPaymentId);
    if (intent) await recordRefund(deps, paymentId, intent, source, reason);
    return await refundResult(db, paymentId);
  } finally {
    // Recorded, refused or failed: the hold ends. Money the provider did return without
    // our record (an answer lost on the way) reaches the ledger by its webhook or the
    // reconciliation, whose `recordRefund` re-checks the balance.
    await db.delete(pendingRefunds).where(eq(pendingRefunds.source, source));
  }
}

/**
 * Before the provider is asked: in one transaction, with the payment and then the fund
 * row held (the order every recording takes), checks what is left of the payment and
 * what the fund still holds (raised − approved and pending withdrawals − other refunds
 * under way, of its mode) and holds the amount back in `pending_refunds`, so a withdrawal
 * requested while the provider answers cannot take it. A repeated request (the same
 * source) keeps its one hold.
 */
export async function reserveRefund(
  db: Db,
  paymentId: string,
  amountPoisha: number,
  source: string,
  lang: Language,
  /** Runs in the same transaction once the amount is held (a gateway refund's decision). */
  within?: (tx: Tx, row: PaymentRow) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!row || row.status !== 'succeeded')
      throw new Conflict(REFUND_MESSAGES.notRefundable, 'not_refundable');
    const [under] = await tx
      .select({
        total: sql<number>`coalesce(sum(${pendingRefunds.amountPoisha}), 0)`.mapWith(Number),
      })
      .from(pendingRefunds)
      .where(
        and(eq(pendingRefunds.paymentId, paymentId), sql`${pendingRefunds.source} <> ${source}`),
      );
    const left = row.amountPoisha - row.refundedPoisha - (under?.total ?? 0);
    if (amountPoisha > left)
      throw new Conflict(
        translate(lang, REFUND_MESSAGES.tooLarge, { amount: formatTk(Math.max(0, left), lang) }),
        'refund_too_large',
      );
    const [fund] = await tx
      .select({ raised: funds.raisedPoisha })
      .from(funds)
      .where(and(eq(funds.id, row.fundId), countsInLedger(row.mode)))
      .for('update');
    // A payment of a mode the totals do not count (a test payment on a live site) has no
    // such limit.
    if (fund) {
      const others = (await heldBack(tx, row.fundId)) - (await refundUnderWay(tx, source));
      const available = Math.max(0, fund.raised - others);
      if (amountPoisha > available) {
        throw new Conflict(
          translate(lang, REFUND_MESSAGES.withdrawn, { amount: formatTk(available, lang) }),
          'refund_withdrawn',
        );
      }
    }
    await tx
      .insert(pendingRefunds)
      .values({ source, paymentId, fundId: row.fundId, amountPoisha, mode: row.mode })
      .onConflictDoNothing({ target: pendingRefunds.source });
    await within?.(tx, row);
  });
}

/** What an admin's refund request answers: the payment as it now stands. */
export async function refundResult(db: Db, paymentId: string) {
  const [after] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!after) throw new NotFound('Payment');
  return {
    paymentId,
    status: after.status,
    refundedPoisha: after.refundedPoisha,
    refundablePoisha: after.amountPoisha - after.refundedPoisha,
  };
}
