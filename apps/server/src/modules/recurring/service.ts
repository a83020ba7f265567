import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { tkToPoisha } from '@easyfund/shared/money';
import type { TMe } from '@easyfund/shared/schemas/common';
import {
  RAMADAN_MESSAGES,
  type TCardSetup,
  type TChangeRecurringRequest,
  type TRecurringGift,
  type TStartRecurringRequest,
  type TStartRecurringResponse,
} from '@easyfund/shared/schemas/recurring';
import type { Db } from '../../db/client';
import { funds, payments, recurringCharges, recurringGifts } from '../../db/schema';
import { Conflict, Invalid, NotFound, PaymentFailed } from '../../lib/errors';
import { savesCards } from '../payments/providers/provider';
import { FUND_ON_HOLD, outOfLimitsMessage } from '../payments/service';
import type { Language } from '@easyfund/shared/i18n/languages';
import { ramadanNow } from './ramadan';
import { dayOf, endOfDay, periodOf } from './schedule';
import { manageToken } from './token';
import type { GiftRow, RecurringDeps } from './deps';
import { forgetCard, cancelGifts } from './ending';
import { runGift } from './charges';

const NO_SAVED_CARDS = 'Monthly card gifts are not available with this payment provider.';
const NOT_ACTIVE = 'This monthly gift has ended.';
const CARD_NOT_SAVED = 'The card was not saved. Please try again.';
const WALLET_HAS_NO_CARD = 'A monthly wallet gift has no card to change.';
const RAMADAN_CLOSED = RAMADAN_MESSAGES.closed;
export const RECURRING_MESSAGES = {
  noSavedCards: NO_SAVED_CARDS,
  notActive: NOT_ACTIVE,
  cardNotSaved: CARD_NOT_SAVED,
  walletHasNoCard: WALLET_HAS_NO_CARD,
  ramadanClosed: RAMADAN_CLOSED,
} as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The gifts with their months, as the donor sees them. */
async function giftViews(db: Db, secret: string, where: ReturnType<typeof eq>) {
  const rows = await db
    .select({ gift: recurringGifts, fundName: funds.name })
    .from(recurringGifts)
    .innerJoin(funds, eq(funds.id, recurringGifts.fundId))
    .where(where)
    .orderBy(desc(recurringGifts.createdAt));
  if (rows.length === 0) return [];
  const charges = await db
    .select({ charge: recurringCharges, receiptNumber: payments.receiptNumber })
    .from(recurringCharges)
    .leftJoin(payments, eq(payments.id, recurringCharges.paymentId))
    .where(
      inArray(
        recurringCharges.giftId,
        rows.map((r) => r.gift.id),
      ),
    )
    .orderBy(desc(recurringCharges.period));
  return rows.map(({ gift, fundName }): TRecurringGift => ({
    id: gift.id,
    fundId: gift.fundId,
    fundName,
    amountPoisha: gift.amountPoisha,
    method: gift.method as TRecurringGift['method'],
    frequency: gift.frequency as TRecurringGift['frequency'],
    lastDay: gift.endsAt ? dayOf(new Date(gift.endsAt.getTime() - 1)) : null,
    status: gift.status as TRecurringGift['status'],
    statusReason: gift.statusReason,
    cardLast4: gift.cardLast4,
    nextChargeAt: gift.status === 'active' ? iso(gift.nextChargeAt) : null,
    anonymous: gift.anonymous,
    createdAt: gift.createdAt.toISOString(),
    manageToken: manageToken(secret, gift.id),
    history: charges
      .filter((c) => c.charge.giftId === gift.id)
      .map(({ charge, receiptNumber }) => ({
        period: charge.period,
        amountPoisha: charge.amountPoisha,
        status: charge.status as TRecurringGift['history'][number]['status'],
        attempts: charge.attempts,
        nextAttemptAt: charge.status === 'due' ? iso(charge.nextAttemptAt) : null,
        receiptNumber,
        lastError: charge.lastError,
      })),
  }));
}

async function giftView(deps: RecurringDeps, giftId: string): Promise<TRecurringGift> {
  const [view] = await giftViews(deps.db, deps.secret, eq(recurringGifts.id, giftId));
  if (!view) throw new NotFound('Monthly gift');
  return view;
}

export async function listMyGifts(deps: RecurringDeps, me: Pick<TMe, 'id'>) {
  return { items: await giftViews(deps.db, deps.secret, eq(recurringGifts.userId, me.id)) };
}

async function ownGift(db: Db, me: Pick<TMe, 'id'>, giftId: string): Promise<GiftRow> {
  const [gift] = await db
    .select()
    .from(recurringGifts)
    .where(and(eq(recurringGifts.id, giftId), eq(recurringGifts.userId, me.id)));
  if (!gift) throw new NotFound('Monthly gift');
  return gift;
}

/**
 * Give monthly: for a card, a setup intent at the provider (the browser saves the card
 * with it, then asks to activate); for a wallet, the gift starts at once and its first
 * reminder goes out with this month's.
 */
export async function startGift(
  deps: RecurringDeps,
  me: TMe,
  input: TStartRecurringRequest,
  lang: Language = 'en',
): Promise<TStartRecurringResponse> {
  const [fund] = await deps.db
    .select({ id: funds.id, status: funds.status, hold: funds.hold })
    .from(funds)
    .where(eq(funds.id, input.fundId));
  if (!fund || fund.status !== 'approved') throw new NotFound('Fund');
  if (fund.hold) throw new Conflict(FUND_ON_HOLD, 'fund_on_hold');
  const amountPoisha = tkToPoisha(input.amountTk);
  const provider = deps.provider;
  // Every day of Ramadan: only within the dates an admin set, and until their last day.
  let endsAt: Date | null = null;
  if (input.frequency === 'daily') {
    const ramadan = await ramadanNow(deps.db);
    if (!ramadan.open || !ramadan.endsOn)
      throw new Conflict(RECURRING_MESSAGES.ramadanClosed, 'ramadan_closed');
    endsAt = endOfDay(ramadan.endsOn);
  }
  if (input.method === 'card') {
    if (!savesCards(provider))
      throw new Conflict(RECURRING_MESSAGES.noSavedCards, 'no_saved_cards');
    if (amountPoisha < provider.limits.minPoisha || amountPoisha > provider.limits.maxPoisha) {
      const message = outOfLimitsMessage(provider, lang);
      throw new Invalid(message, { amountTk: message });
    }
  }
  const [gift] = await deps.db
    .insert(recurringGifts)
    .values({
      userId: me.id,
      fundId: fund.id,
      amountPoisha,
      method: input.method,
      frequency: input.frequency,
      endsAt,
      anonymous: input.anonymous,
      provider: input.method === 'card' ? provider.name : 'wallet',
      ...(input.method === 'wallet' ? { status: 'active', nextChargeAt: new Date() } : {}),
    })
    .returning();
  if (!gift) throw new Error('monthly gift not stored');
  if (input.method === 'wallet') {
    await runGift(deps, gift.id);
    return { gift: await giftView(deps, gift.id), setup: null };
  }
  const setup = await newSetup(deps, me, gift);
  return { gift: await giftView(deps, gift.id), setup };
}

async function newSetup(deps: RecurringDeps, me: Pick<TMe, 'id' | 'email'>, gift: GiftRow) {
  const provider = deps.provider;
  if (!savesCards(provider)) throw new Conflict(RECURRING_MESSAGES.noSavedCards, 'no_saved_cards');
  const created = await provider.createSetup({
    reference: gift.id,
    email: me.email,
    customerId: gift.customerId,
    metadata: { giftId: gift.id, userId: me.id, fundId: gift.fundId },
    idempotencyKey: `easyfund-setup-${gift.id}-${Date.now()}`,
  });
  await deps.db
    .update(recurringGifts)
    .set({
      setupIntentId: created.id,
      ...(created.customerId ? { customerId: created.customerId } : {}),
    })
    .where(eq(recurringGifts.id, gift.id));
  const setup: TCardSetup = {
    provider: provider.name === 'stripe' ? 'stripe' : 'test',
    setupIntentId: created.id,
    clientSecret: created.clientSecret,
    ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
  };
  return setup;
}

/** Change the card: a new setup intent; the gift keeps its old card until it is activated. */
export async function changeCard(deps: RecurringDeps, me: TMe, giftId: string) {
  const gift = await ownGift(deps.db, me, giftId);
  if (gift.method !== 'card') throw new Conflict(RECURRING_MESSAGES.walletHasNoCard, 'wallet_gift');
  if (gift.status === 'cancelled' || gift.status === 'ended')
    throw new Conflict(RECURRING_MESSAGES.notActive, 'gift_ended');
  return newSetup(deps, me, gift);
}

/**
 * The card was saved at the provider (the browser says so): re-read the setup intent,
 * keep the card, and for a new gift charge the first month now. A gift paused after
 * failed charges resumes with its new card.
 */
export async function activateGift(deps: RecurringDeps, me: TMe, giftId: string) {
  const gift = await ownGift(deps.db, me, giftId);
  if (gift.status === 'cancelled' || gift.status === 'ended')
    throw new Conflict(RECURRING_MESSAGES.notActive, 'gift_ended');
  const provider = deps.provider;
  if (!gift.setupIntentId || !savesCards(provider) || gift.provider !== provider.name)
    throw new Conflict(RECURRING_MESSAGES.cardNotSaved, 'card_not_saved');
  const setup = await provider.retrieveSetup(gift.setupIntentId);
  if (!setup || setup.outcome !== 'succeeded' || !setup.paymentMethodId)
    throw new PaymentFailed(setup?.lastError ?? RECURRING_MESSAGES.cardNotSaved, 'card_not_saved');
  const oldCard = gift.paymentMethodId;
  const starting = gift.status === 'incomplete';
  const resuming = gift.status === 'paused' && gift.statusReason === 'payment_failed';
  await deps.db
    .update(recurringGifts)
    .set({
      paymentMethodId: setup.paymentMethodId,
      customerId: setup.customerId ?? gift.customerId,
      cardLast4: setup.cardLast4,
      ...(starting || resuming
        ? { status: 'active', statusReason: null, nextChargeAt: gift.nextChargeAt ?? new Date() }
        : {}),
    })
    .where(eq(recurringGifts.id, gift.id));
  if (oldCard && oldCard !== setup.paymentMethodId) await forgetCard(deps, oldCard);
  if (starting || resuming) await runGift(deps, gift.id);
  return giftView(deps, gift.id);
}

/** Pause, resume, cancel or a new amount: the donor's, by the dashboard or the signed link. */
async function changeGift(deps: RecurringDeps, gift: GiftRow, input: TChangeRecurringRequest) {
  if (gift.status === 'cancelled' || gift.status === 'ended')
    throw new Conflict(RECURRING_MESSAGES.notActive, 'gift_ended');
  if ('amountTk' in input) {
    const amountPoisha = tkToPoisha(input.amountTk);
    await deps.db
      .update(recurringGifts)
      .set({ amountPoisha })
      .where(eq(recurringGifts.id, gift.id));
    return giftView(deps, gift.id);
  }
  if (input.action === 'pause') {
    if (gift.status === 'active' || gift.status === 'incomplete') {
      await deps.db
        .update(recurringGifts)
        .set({ status: 'paused', statusReason: 'donor' })
        .where(eq(recurringGifts.id, gift.id));
    }
  } else if (input.action === 'resume') {
    if (gift.status === 'paused') {
      if (gift.method === 'card' && !gift.paymentMethodId)
        throw new Conflict(RECURRING_MESSAGES.cardNotSaved, 'card_not_saved');
      // A month passed while paused is not charged afterwards: the next one is.
      const now = new Date();
      const next = gift.nextChargeAt && gift.nextChargeAt > now ? gift.nextChargeAt : now;
      await deps.db
        .update(recurringGifts)
        .set({ status: 'active', statusReason: null, nextChargeAt: next })
        .where(and(eq(recurringGifts.id, gift.id), eq(recurringGifts.status, 'paused')));
    }
  } else {
    await cancelGifts(deps, eq(recurringGifts.id, gift.id), 'cancelled', 'donor');
  }
  return giftView(deps, gift.id);
}

export async function changeMyGift(
  deps: RecurringDeps,
  me: Pick<TMe, 'id'>,
  giftId: string,
  input: TChangeRecurringRequest,
) {
  return changeGift(deps, await ownGift(deps.db, me, giftId), input);
}

export async function giftByToken(deps: RecurringDeps, giftId: string | null) {
  if (!giftId) throw new NotFound('Monthly gift');
  return giftView(deps, giftId);
}

export async function changeGiftByToken(
  deps: RecurringDeps,
  giftId: string | null,
  input: TChangeRecurringRequest,
) {
  if (!giftId) throw new NotFound('Monthly gift');
  const [gift] = await deps.db.select().from(recurringGifts).where(eq(recurringGifts.id, giftId));
  if (!gift) throw new NotFound('Monthly gift');
  return changeGift(deps, gift, input);
}

/** A fund's monthly income: its active gifts, what they bring a month, what they brought. */
export async function fundIncome(db: Db, me: TMe, isAdmin: boolean, fundId: string) {
  const [fund] = await db
    .select({ raiserId: funds.raiserId })
    .from(funds)
    .where(eq(funds.id, fundId));
  if (!fund || (!isAdmin && fund.raiserId !== me.id)) throw new NotFound('Fund');
  const [active] = await db
    .select({
      n: sql<number>`count(*)`.mapWith(Number),
      total:
        sql<number>`coalesce(sum(case when ${recurringGifts.frequency} = 'daily' then ${recurringGifts.amountPoisha} * 30 else ${recurringGifts.amountPoisha} end), 0)`.mapWith(
          Number,
        ),
    })
    .from(recurringGifts)
    .where(and(eq(recurringGifts.fundId, fundId), eq(recurringGifts.status, 'active')));
  const thisMonth = periodOf(new Date());
  const [received] = await db
    .select({
      total:
        sql<number>`coalesce(sum(${payments.amountPoisha} - ${payments.refundedPoisha}), 0)`.mapWith(
          Number,
        ),
      thisMonth:
        sql<number>`coalesce(sum(${payments.amountPoisha} - ${payments.refundedPoisha}) filter (where left(${recurringCharges.period}, 7) = ${thisMonth}), 0)`.mapWith(
          Number,
        ),
    })
    .from(recurringCharges)
    .innerJoin(recurringGifts, eq(recurringGifts.id, recurringCharges.giftId))
    .innerJoin(payments, eq(payments.id, recurringCharges.paymentId))
    .where(and(eq(recurringGifts.fundId, fundId), eq(payments.status, 'succeeded')));
  return {
    activeGifts: active?.n ?? 0,
    monthlyPoisha: active?.total ?? 0,
    receivedThisMonthPoisha: received?.thisMonth ?? 0,
    receivedPoisha: received?.total ?? 0,
  };
}

/** The donor's gifts whose fund they closed etc. are looked up by user. */
export const giftsOfUser = (userId: string) => eq(recurringGifts.userId, userId);

/** The manage link of the monthly gift a payment was charged for, or null for a one-off gift. */
export async function manageLinkOfPayment(
  db: Db,
  secret: string,
  publicUrl: string,
  paymentId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ giftId: recurringCharges.giftId })
    .from(recurringCharges)
    .where(eq(recurringCharges.paymentId, paymentId));
  return row ? `${publicUrl}/monthly-gifts/${manageToken(secret, row.giftId)}` : null;
}
