import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { CURRENCY } from '@easyfund/shared/constants';
import { tkToPoisha } from '@easyfund/shared/money';
import type { TMe } from '@easyfund/shared/schemas/common';
import type {
  TConfirmPaymentRequest,
  TConfirmPaymentResponse,
  TCreateIntentRequest,
  TCreateIntentResponse,
  TPayment,
} from '@easyfund/shared/schemas/payments';
import type { Language } from '@easyfund/shared/i18n/languages';
import { builtOnce } from '../../db/built-once';
import {
  counterHitValues,
  counterHitWith,
  type CountedRequest,
  readHit,
} from '../../db/rate-limit-store';
import type { Db } from '../../db/client';
import { fundSubscriptions, funds, payments, testProcessorIntents, user } from '../../db/schema';
import { Conflict, Invalid, NotFound } from '../../lib/errors';
import { latestChoiceWins } from '../updates/subscriptions';
import { FUND_ON_HOLD, outOfLimitsMessage, type PaymentDeps, type PaymentRow } from './deps';
import { networkStateValues, networkStateWith, readNetworkState } from './declines';
import type { SuspectNetworkCheck } from './limits';
import { type Recorded, settlePayment } from './settlement';
import { findUserPayment } from './views';

/**
 * Whether a fund takes donations (the first statement of every donation), with the
 * request counted against the donor's limit (`counterHitWith`): one row, the fund's
 * columns null when there is no such fund. For a donor not yet verified, the network's
 * state too (`networkStateWith`), which a verified donor's intent does not read.
 */
const fundState = builtOnce((db) => {
  const hit = counterHitWith(db, 'hit');
  return db
    .with(hit)
    .select(fundColumns(hit))
    .from(hit)
    .leftJoin(funds, eq(funds.id, sql.placeholder('fundId')))
    .prepare('');
});

const fundAndNetworkState = builtOnce((db) => {
  const hit = counterHitWith(db, 'hit');
  const net = networkStateWith(db, 'net');
  return db
    .with(hit, net)
    .select({
      ...fundColumns(hit),
      network: {
        unfinished: net.unfinished,
        oldest: net.oldest,
        declined: net.declined,
        declinedSince: net.declinedSince,
      },
    })
    .from(hit)
    .innerJoin(net, sql`true`)
    .leftJoin(funds, eq(funds.id, sql.placeholder('fundId')))
    .prepare('');
});

const fundColumns = (hit: ReturnType<typeof counterHitWith<'hit'>>) => ({
  id: funds.id,
  status: funds.status,
  hold: funds.hold,
  count: hit.count,
  windowStart: hit.windowStart,
});

/**
 * A donor's own payment by its intent at the provider (a confirmation's first statement),
 * with the request counted against the donor's limit: one row, `payment` null when the
 * donor has no such payment. With it, what the answer shows of its fund, so that a
 * donation recorded by the confirmation is answered without reading it again; and, with
 * a provider whose intents are in our database (`withIntent`), the intent itself, read
 * here instead of in a round trip of its own.
 */
const ownPaymentStatement = (db: Db, withIntent: boolean) => {
  const hit = counterHitWith(db, 'hit');
  const query = db
    .with(hit)
    .select({
      payment: payments,
      fund: { name: funds.name, image: funds.image, raiserName: user.name },
      count: hit.count,
      windowStart: hit.windowStart,
      ...(withIntent ? { intent: testProcessorIntents } : {}),
    })
    .from(hit)
    .leftJoin(
      payments,
      and(
        eq(payments.providerPaymentId, sql.placeholder('intentId')),
        eq(payments.userId, sql.placeholder('userId')),
      ),
    )
    .leftJoin(funds, eq(funds.id, payments.fundId))
    .leftJoin(user, eq(user.id, funds.raiserId))
    .$dynamic();
  if (withIntent) {
    query.leftJoin(testProcessorIntents, eq(testProcessorIntents.id, payments.providerPaymentId));
  }
  return query.prepare('');
};
const ownPaymentByIntent = builtOnce((db) => ownPaymentStatement(db, false));
const ownPaymentAndIntent = builtOnce((db) => ownPaymentStatement(db, true));

/** Counts a request by its first statement's row; refuses it past its limit. */
function checkCounted(
  counted: CountedRequest,
  row: { count: number; windowStart: number } | undefined,
  now: number,
) {
  if (!row) throw new Error('the request was not counted');
  const { allowed, retryAfter } = readHit(row, counted.max, counted.windowMs, now);
  if (!allowed) counted.refuse(retryAfter);
}

/**
 * A donation's pending payment and the pay step's "Tell me how this fund is doing" (the
 * latest choice for this fund wins) in one statement: one round trip, both or neither.
 * With a provider whose intents are in our database (`withIntent`), the intent too.
 */
const pendingStatement = (db: Db, withIntent: boolean) => {
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
  const intent = db.$with('intent').as(
    db.insert(testProcessorIntents).values({
      id: value('providerPaymentId'),
      clientSecret: value('intentSecret'),
      amount: value('amountPoisha'),
      currency: value('currency'),
      status: value('intentStatus'),
      metadata: value('intentMetadata'),
      idempotencyKey: value('intentKey'),
    }),
  );
  return db
    .with(...(withIntent ? [intent, pending] : [pending]))
    .insert(fundSubscriptions)
    .values({ userId: value('userId'), fundId: value('fundId'), subscribed: value('subscribed') })
    .onConflictDoUpdate(latestChoiceWins)
    .prepare('');
};
const pendingPayment = builtOnce((db) => pendingStatement(db, false));
const pendingPaymentAndIntent = builtOnce((db) => pendingStatement(db, true));

/**
 * Starts a donation: checks the fund takes donations, asks the provider for an intent
 * (outside any transaction), then stores the pending payment; a provider whose intents
 * are in our database has its intent written by that same statement. The browser gets
 * the intent's client secret to confirm the card with the provider itself.
 */
export async function createPaymentIntent(
  deps: PaymentDeps,
  actor: TMe,
  input: TCreateIntentRequest,
  lang: Language = 'en',
  /** Where the donor is (an IPv4 address or IPv6 /64): a decline counts against it. */
  clientNetwork: string | null,
  /** The donor's limit on payment requests, counted by the first statement. */
  counted: CountedRequest,
  /** A donor not yet verified: the network's limits, read by the first statement too. */
  suspect?: SuspectNetworkCheck,
): Promise<TCreateIntentResponse> {
  const { db, provider } = deps;
  const now = Date.now();
  const values = { fundId: input.fundId, ...counterHitValues(counted.key, counted.windowMs, now) };
  let fund;
  if (suspect) {
    const [row] = await fundAndNetworkState(db).execute({
      ...values,
      ...networkStateValues(clientNetwork ?? '', now),
    });
    checkCounted(counted, row, now);
    // A suspect network's donor must have solved the challenge (decision 448).
    if (!readNetworkState(row?.network, suspect.max, now).allowed) await suspect.challenge();
    fund = row;
  } else {
    [fund] = await fundState(db).execute(values);
    checkCounted(counted, fund, now);
  }
  // Pending and denied funds are not open to donors: the same answer as an unknown one.
  if (!fund?.id || fund.status !== 'approved') throw new NotFound('Fund');
  // A suspended or closed fund is public, with its reason, but takes no donations.
  if (fund.hold) throw new Conflict(FUND_ON_HOLD, 'fund_on_hold');

  const paymentId = randomUUID();
  const amountPoisha = tkToPoisha(input.amountTk);
  if (amountPoisha < provider.limits.minPoisha || amountPoisha > provider.limits.maxPoisha) {
    const message = outOfLimitsMessage(provider, lang);
    throw new Invalid(message, { amountTk: message });
  }
  const asked = {
    amountPoisha,
    currency: CURRENCY,
    metadata: { paymentId, fundId: fund.id, userId: actor.id },
    idempotencyKey: `easyfund-payment-${paymentId}`,
  };
  // A provider in our database has its intent written by the pending payment's statement.
  const inDatabase = provider.inDatabase?.newIntent(asked);
  const intent = inDatabase?.created ?? (await provider.createIntent(asked));
  await (inDatabase ? pendingPaymentAndIntent : pendingPayment)(db).execute({
    ...(inDatabase && {
      intentSecret: inDatabase.row.clientSecret,
      intentStatus: inDatabase.row.status,
      intentMetadata: inDatabase.row.metadata,
      intentKey: inDatabase.row.idempotencyKey,
    }),
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
  /** The donor's limit on payment requests, counted by the first statement. */
  counted: CountedRequest,
): Promise<TConfirmPaymentResponse> {
  const now = Date.now();
  const inDatabase = deps.provider.inDatabase;
  const [found] = await (inDatabase ? ownPaymentAndIntent : ownPaymentByIntent)(deps.db).execute({
    intentId: input.intentId,
    userId: actor.id,
    ...counterHitValues(counted.key, counted.windowMs, now),
  });
  checkCounted(counted, found, now);
  const row = found?.payment;
  if (!row) throw new NotFound('Payment');
  let recorded: Recorded | undefined;
  const outcome = await settlePayment(deps, row, {
    recorded: (r) => (recorded = r),
    // The intent as read with the payment, when its provider keeps it in our database.
    ...(inDatabase &&
      'intent' in found && { intent: found.intent && inDatabase.read(found.intent) }),
  });
  const status = outcome === 'needs_review' ? 'failed' : outcome;
  const payment =
    recorded && isShown(found.fund)
      ? justRecorded(row, found.fund, recorded)
      : await findUserPayment(deps.db, actor.id, row.id);
  if (!payment) throw new NotFound('Payment');
  return { status, payment };
}

/** What a payment's answer shows of its fund. */
interface ShownFund {
  name: string;
  image: string;
  raiserName: string;
}

/** The fund's part of the answer, read beside the payment (left joined, so possibly null). */
function isShown(fund: { [K in keyof ShownFund]: string | null } | null): fund is ShownFund {
  return fund?.name != null && fund.image != null && fund.raiserName != null;
}

/**
 * A payment this confirmation recorded, as `findUserPayment` shows it: what was read
 * before, recorded now (no refund yet: a refund found at once is answered by a new read).
 * The in-memory twin of views.ts's `paymentColumns` (the transaction id as
 * `shownTransactionId` gives it): a change to one is a change to the other, and a test
 * compares them (payments.test.ts).
 */
function justRecorded(row: PaymentRow, fund: ShownFund, recorded: Recorded): TPayment {
  return {
    id: row.id,
    fundId: row.fundId,
    fundName: fund.name,
    fundImage: fund.image,
    raiserName: fund.raiserName,
    transactionId: row.gatewayTransactionId ?? row.providerPaymentId,
    amountPoisha: row.amountPoisha,
    currency: row.currency,
    status: 'succeeded',
    method: row.method as TPayment['method'],
    failureMessage: null,
    createdAt: row.createdAt.toISOString(),
    succeededAt: recorded.succeededAt.toISOString(),
    receiptNumber: recorded.receiptNumber,
    refundedPoisha: row.refundedPoisha,
    refunds: [],
    zakat: row.zakat,
  };
}
