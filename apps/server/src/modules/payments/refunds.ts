import { and, asc, eq, sql } from 'drizzle-orm';
import { formatTk } from '@easyfund/shared/money';
import type { Language } from '@easyfund/shared/i18n/languages';
import type { Db, Tx } from '../../db/client';
import { funds, payments, pendingRefunds, refunds } from '../../db/schema';
import { Conflict, NotFound } from '../../lib/errors';
import type { ActingAdmin } from '../decisions/service';
import { countsInLedger, recountDonors } from '../funds/totals';
import { notifyDecision, notifyRefund } from '../notifications/service';
import type { ProviderIntent } from './providers/provider';
import { translate } from '../../lib/i18n';
import { heldBack, refundUnderWay } from '../withdrawals/balance';
import type { PaymentDeps, PaymentRow } from './deps';
import { holdWithdrawalsAbove } from './withdrawal-holds';

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
  admin: ActingAdmin,
  row: PaymentRow,
  input: AdminRefundInput,
): Promise<RefundAnswer> {
  const { db, provider } = deps;
  const paymentId = row.id;
  const source = refundSource(admin.id, input.requestKey);
  const [repeat] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(eq(refunds.source, source));
  if (repeat) return refundResult(db, paymentId);
  if (row.status !== 'succeeded')
    throw new Conflict(REFUND_MESSAGES.notRefundable, 'not_refundable');
  if (row.provider !== provider.name)
    throw new Conflict(REFUND_MESSAGES.otherProvider, 'other_provider');
  await reserveRefund(db, row.id, input.amountPoisha, source, admin.lang);
  const reason = input.reason.slice(0, 400);
  try {
    await provider.refund({
      intentId: row.providerPaymentId,
      amountPoisha: input.amountPoisha,
      idempotencyKey: `easyfund-refund-${paymentId}-${input.requestKey}`,
      metadata: { paymentId, reason, by: admin.id },
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
export interface RefundAnswer {
  paymentId: string;
  status: string;
  refundedPoisha: number;
  refundablePoisha: number;
}

export async function refundResult(db: Db, paymentId: string): Promise<RefundAnswer> {
  const [after] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!after) throw new NotFound('Payment');
  return {
    paymentId,
    status: after.status,
    refundedPoisha: after.refundedPoisha,
    refundablePoisha: after.amountPoisha - after.refundedPoisha,
  };
}
