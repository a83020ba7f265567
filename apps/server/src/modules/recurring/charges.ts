import { createHash } from 'node:crypto';
import { and, asc, eq, lte, or, sql } from 'drizzle-orm';
import { CURRENCY } from '@easyfund/shared/constants';
import type { Db } from '../../db/client';
import { payments, recurringCharges, recurringGifts } from '../../db/schema';
import { openFund } from '../funds/open';
import { savesCards } from '../payments/providers/provider';
import { settlePayment } from '../payments/service';
import { notifyDonor } from './notify';
import { DUNNING_DAYS, dayOf, nextDay, nextMonth, periodOf } from './schedule';
import type { GiftRow, RecurringDeps } from './deps';
import { cancelGifts, stopGiftsOfFund } from './ending';

/*
 * The monthly gifts' schedule: each gift's period opened once, each attempt charged once,
 * a failed card retried (dunning) and paused.
 */

/** A charge taken over from a worker that went silent this long ago. */
const CLAIM_TIMEOUT_MS = 10 * 60_000;

/** A payment id that is the same for the same gift, period and attempt (a UUID from a hash). */
function paymentIdFor(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Opens the period of each active gift that is due: one `recurring_charges` row per gift
 * and period (the unique index: a second worker inserts nothing), and the gift's next
 * date moves on a month (only from the date it read: a second worker moves nothing). A
 * wallet's period is a reminder; a card's is charged by `chargeDue`.
 */
async function openPeriods(deps: RecurringDeps, now: Date, only?: string): Promise<void> {
  const due = await deps.db
    .select()
    .from(recurringGifts)
    .where(
      and(
        eq(recurringGifts.status, 'active'),
        lte(recurringGifts.nextChargeAt, now),
        ...(only ? [eq(recurringGifts.id, only)] : []),
      ),
    )
    .orderBy(asc(recurringGifts.nextChargeAt))
    .limit(200);
  for (const gift of due) {
    const at = gift.nextChargeAt!;
    if (!(await openFund(deps.db, gift.fundId))) {
      await stopGiftsOfFund(deps, gift.fundId);
      continue;
    }
    const daily = gift.frequency === 'daily';
    // A daily gift ends once its next day is past Ramadan's last.
    if (daily && gift.endsAt && at >= gift.endsAt) {
      await cancelGifts(deps, eq(recurringGifts.id, gift.id), 'ended', 'ramadan_over');
      continue;
    }
    const period = daily ? dayOf(at) : periodOf(at);
    const opened = await deps.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(recurringGifts)
        .set({ nextChargeAt: daily ? nextDay(at) : nextMonth(at) })
        .where(
          and(
            eq(recurringGifts.id, gift.id),
            eq(recurringGifts.status, 'active'),
            eq(recurringGifts.nextChargeAt, at),
          ),
        )
        .returning({ id: recurringGifts.id });
      if (!moved) return false;
      const inserted = await tx
        .insert(recurringCharges)
        .values({
          giftId: gift.id,
          period,
          amountPoisha: gift.amountPoisha,
          status: gift.method === 'wallet' ? 'reminded' : 'due',
          nextAttemptAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: recurringCharges.id });
      return inserted.length > 0;
    });
    if (opened && gift.method === 'wallet') {
      await notifyDonor(deps, gift.id, { kind: 'reminder', period });
    }
  }
}

/**
 * Takes one due attempt: only one worker's update finds it `due` (or, after
 * CLAIM_TIMEOUT_MS, `charging` by a worker that died: taken over with the same attempt
 * number, so the same idempotency key, and the provider charges nothing twice).
 */
async function claim(db: Db, chargeId: string, now: Date) {
  const [fresh] = await db
    .update(recurringCharges)
    .set({ status: 'charging', claimedAt: now, attempts: sql`${recurringCharges.attempts} + 1` })
    .where(and(eq(recurringCharges.id, chargeId), eq(recurringCharges.status, 'due')))
    .returning();
  if (fresh) return fresh;
  const [stale] = await db
    .update(recurringCharges)
    .set({ claimedAt: now })
    .where(
      and(
        eq(recurringCharges.id, chargeId),
        eq(recurringCharges.status, 'charging'),
        lte(recurringCharges.claimedAt, new Date(now.getTime() - CLAIM_TIMEOUT_MS)),
      ),
    )
    .returning();
  return stale ?? null;
}

/** Charges the card periods that are due (first attempts and the dunning's retries). */
async function chargeDue(deps: RecurringDeps, now: Date, only?: string): Promise<void> {
  const provider = deps.provider;
  if (!savesCards(provider)) return;
  const due = await deps.db
    .select({ charge: recurringCharges, gift: recurringGifts })
    .from(recurringCharges)
    .innerJoin(recurringGifts, eq(recurringGifts.id, recurringCharges.giftId))
    .where(
      and(
        eq(recurringGifts.status, 'active'),
        eq(recurringGifts.provider, provider.name),
        or(
          and(eq(recurringCharges.status, 'due'), lte(recurringCharges.nextAttemptAt, now)),
          and(
            eq(recurringCharges.status, 'charging'),
            lte(recurringCharges.claimedAt, new Date(now.getTime() - CLAIM_TIMEOUT_MS)),
          ),
        ),
        ...(only ? [eq(recurringGifts.id, only)] : []),
      ),
    )
    .orderBy(asc(recurringCharges.nextAttemptAt))
    .limit(200);
  for (const { gift, charge: row } of due) {
    const charge = await claim(deps.db, row.id, now);
    if (!charge || !gift.paymentMethodId) continue;
    const key = `easyfund-recurring-${gift.id}-${charge.period}-${charge.attempts}`;
    const paymentId = paymentIdFor(key);
    let outcome: 'succeeded' | 'failed' | 'pending' | 'needs_review';
    let error: string | null;
    try {
      const intent = await provider.chargeSaved({
        customerId: gift.customerId,
        paymentMethodId: gift.paymentMethodId,
        amountPoisha: charge.amountPoisha,
        currency: CURRENCY,
        metadata: { paymentId, fundId: gift.fundId, userId: gift.userId, giftId: gift.id },
        idempotencyKey: key,
      });
      // The payment row, once per attempt (its id comes from the key), settled like any
      // donation: recorded once, with its receipt, or failed with the card's reason.
      await deps.db
        .insert(payments)
        .values({
          id: paymentId,
          userId: gift.userId,
          fundId: gift.fundId,
          provider: provider.name,
          providerPaymentId: intent.id,
          amountPoisha: charge.amountPoisha,
          currency: CURRENCY,
          status: 'pending',
          anonymous: gift.anonymous,
          mode: provider.mode,
        })
        .onConflictDoNothing();
      // The month knows its payment before it is recorded: the receipt mail finds its gift.
      await deps.db
        .update(recurringCharges)
        .set({ paymentId })
        .where(eq(recurringCharges.id, charge.id));
      const [payment] = await deps.db.select().from(payments).where(eq(payments.id, paymentId));
      outcome = payment ? await settlePayment(deps, payment) : 'failed';
      error = intent.lastError;
    } catch (err) {
      deps.log.warn({ err, giftId: gift.id }, 'a monthly charge could not be made');
      // The provider could not be reached: the same attempt (the same key) runs again.
      await deps.db
        .update(recurringCharges)
        .set({
          status: 'due',
          attempts: sql`${recurringCharges.attempts} - 1`,
          claimedAt: null,
          nextAttemptAt: new Date(now.getTime() + 15 * 60_000),
        })
        .where(and(eq(recurringCharges.id, charge.id), eq(recurringCharges.status, 'charging')));
      continue;
    }
    if (outcome === 'succeeded') {
      await deps.db
        .update(recurringCharges)
        .set({ status: 'paid', paymentId, lastError: null })
        .where(eq(recurringCharges.id, charge.id));
      continue;
    }
    await dun(deps, gift, charge, error ?? 'The payment failed.', paymentId, now);
  }
}

/** A failed charge: tried again after 1, 3 and 7 days, the donor told each time; then paused. */
async function dun(
  deps: RecurringDeps,
  gift: GiftRow,
  charge: typeof recurringCharges.$inferSelect,
  error: string,
  paymentId: string,
  now: Date,
) {
  const wait = DUNNING_DAYS[charge.attempts - 1];
  if (wait !== undefined) {
    const retryAt = new Date(now.getTime() + wait * 24 * 60 * 60_000);
    await deps.db
      .update(recurringCharges)
      .set({ status: 'due', claimedAt: null, nextAttemptAt: retryAt, lastError: error, paymentId })
      .where(eq(recurringCharges.id, charge.id));
    await notifyDonor(deps, gift.id, {
      kind: 'retry',
      period: `${charge.period}#${charge.attempts}`,
      error,
      retryAt,
    });
    return;
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(recurringCharges)
      .set({ status: 'failed', claimedAt: null, lastError: error, paymentId })
      .where(eq(recurringCharges.id, charge.id));
    await tx
      .update(recurringGifts)
      .set({ status: 'paused', statusReason: 'payment_failed' })
      .where(and(eq(recurringGifts.id, gift.id), eq(recurringGifts.status, 'active')));
  });
  await notifyDonor(deps, gift.id, { kind: 'paused', period: charge.period, error });
}

/**
 * The job: opens the periods that are due and charges them. Safe to run in any number of
 * processes at once: each period is opened once and each attempt charged once.
 */
export async function runDueGifts(deps: RecurringDeps, now: Date = new Date()): Promise<void> {
  await openPeriods(deps, now);
  await chargeDue(deps, now);
}

/** One gift at once (its first month, at its start). */
export async function runGift(deps: RecurringDeps, giftId: string, now: Date = new Date()) {
  await openPeriods(deps, now, giftId);
  await chargeDue(deps, now, giftId);
}
