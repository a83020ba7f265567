import { randomUUID } from 'node:crypto';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
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
import { type Jobs, QUEUES } from '../../lib/job-queue';
import { keptPromise } from '../../lib/kept-promise';
import {
  FUND_ON_HOLD,
  outOfLimitsMessage,
  type PaymentDeps,
  type PaymentRow,
  type SettleOutcome,
} from './deps';
import {
  type NetworkState,
  networkStateValues,
  networkStateWith,
  readNetworkState,
} from './declines';
import type { SuspectNetworkCheck } from './limits';
import { type Recorded, recordingPart, settlePayment } from './settlement';
import { findUserPayment } from './views';
import { donorsOwn } from './with-donor';

/**
 * Whether a fund takes donations (a donation's first statement with a provider asked over
 * the network, whose intent comes between it and the pending payment), with the request
 * counted against the donor's limit (`counterHitWith`): one row, the fund's columns null
 * when there is no such fund. For a donor not yet verified, the network's state too
 * (`networkStateWith`), which a verified donor's intent does not read.
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
      network: networkColumns(net),
    })
    .from(hit)
    .innerJoin(net, sql`true`)
    .leftJoin(funds, eq(funds.id, sql.placeholder('fundId')))
    .prepare('');
});

/** A network's state as a statement's row gives it (`networkStateWith`). */
const networkColumns = (net: ReturnType<typeof networkStateWith<'net'>>) => ({
  unfinished: net.unfinished,
  oldest: net.oldest,
  declined: net.declined,
  declinedSince: net.declinedSince,
});

const fundColumns = (hit: ReturnType<typeof counterHitWith<'hit'>>) => ({
  id: funds.id,
  status: funds.status,
  hold: funds.hold,
  count: hit.count,
  windowStart: hit.windowStart,
});

/** The donor's own payment by its intent at the provider (placeholders `intentId`, `userId`). */
const ownPayment = () =>
  and(
    eq(payments.providerPaymentId, sql.placeholder('intentId')),
    donorsOwn(sql.placeholder('userId')),
  )!;

/**
 * What a confirmation's first statement reads: the payment (null when the donor has no
 * such payment), with what the answer shows of its fund, so that a donation recorded by
 * the confirmation is answered without reading it again, and the request's count.
 */
const ownPaymentColumns = (hit: ReturnType<typeof counterHitWith<'hit'>>) => ({
  payment: payments,
  fund: { name: funds.name, image: funds.image, raiserName: user.name },
  count: hit.count,
  windowStart: hit.windowStart,
});

/**
 * A confirmation's first statement with a provider asked over the network: the request
 * counted against the donor's limit and `ownPaymentColumns`, in one row.
 */
const ownPaymentByIntent = builtOnce((db) => {
  const hit = counterHitWith(db, 'hit');
  return db
    .with(hit)
    .select(ownPaymentColumns(hit))
    .from(hit)
    .leftJoin(payments, ownPayment())
    .leftJoin(funds, eq(funds.id, payments.fundId))
    .leftJoin(user, eq(user.id, funds.raiserId))
    .prepare('');
});

/**
 * A confirmation's one statement with a provider whose intents are in our database
 * (decision 476): `ownPaymentByIntent`'s row with the intent, both as they were before
 * it, and the donation's recording (`recordingPart`, its receipt job keyed by the
 * payment) where `settlePayment` would record it there and then: the payment still
 * pending or failed and of this provider (`provider`), the count within `countMax`, the
 * intent succeeded for the payment's amount and currency, nothing refunded, and its
 * metadata naming the payment. `recorded` says whether it did; where it did not, the
 * confirmation goes on as with two statements.
 */
async function buildConfirmation(db: Db, jobs: Jobs | undefined) {
  const value = sql.placeholder;
  const hit = counterHitWith(db, 'hit');
  const intent = testProcessorIntents;
  const paid = recordingPart(
    db,
    and(
      ownPayment(),
      inArray(payments.status, ['pending', 'failed']),
      eq(payments.provider, value('provider')),
      sql`(select ${hit.count} from ${hit}) <= ${value('countMax')}`,
      sql`exists (select 1 from ${intent} where ${intent.id} = ${payments.providerPaymentId}
        and ${intent.status} = 'succeeded' and ${intent.amount} = ${payments.amountPoisha}
        and lower(${intent.currency}) = ${payments.currency} and ${intent.refunded} = 0
        and ${intent.metadata} ->> 'paymentId' = ${payments.id}::text)`,
    )!,
  );
  const receipt =
    jobs &&
    db.$with('receipt', {}).as(await jobs.jobStatement(QUEUES.receiptMail, 'paid', 'paymentId'));
  return db
    .with(hit, paid, ...(receipt ? [receipt] : []))
    .select({
      ...ownPaymentColumns(hit),
      intent,
      recorded: sql<boolean>`${paid.id} is not null`,
      receiptNumber: paid.receiptNumber,
    })
    .from(hit)
    .leftJoin(payments, ownPayment())
    .leftJoin(funds, eq(funds.id, payments.fundId))
    .leftJoin(user, eq(user.id, funds.raiserId))
    .leftJoin(intent, eq(intent.id, payments.providerPaymentId))
    .leftJoin(paid, sql`true`)
    .prepare('');
}

/** `buildConfirmation`'s statement, built once per database and job queue. */
function confirmation(db: Db, jobs: Jobs | undefined) {
  return keptPromise(confirmations(db), jobs ?? null, () => buildConfirmation(db, jobs));
}
const confirmations = builtOnce(() => new Map<Jobs | null, ReturnType<typeof buildConfirmation>>());

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
 * A donation's rows as parts of one statement, written for each row of the part
 * `may_start` (`gate`: the fund's `fund_id`, or none): with a provider whose intents are in
 * our database (`withIntent`), the intent; the pending payment; and the pay step's "Tell me
 * how this fund is doing" (the latest choice for this fund wins). All or none of them.
 */
function donationRows(db: Db, gate: SQL, withIntent: boolean) {
  const value = sql.placeholder;
  const mayStart = db.$with('may_start', { fundId: sql<string>`fund_id` }).as(gate);
  const intent = db.$with('intent', {}).as(
    sql`insert into ${testProcessorIntents}
        (id, client_secret, amount, currency, status, metadata, idempotency_key)
      select ${value('providerPaymentId')}::text, ${value('intentSecret')}::text,
        ${value('amountPoisha')}::bigint, ${value('currency')}::text,
        ${value('intentStatus')}::text, ${value('intentMetadata')}::jsonb,
        ${value('intentKey')}::text
      from may_start`,
  );
  const pending = db.$with('pending', { fundId: sql<string>`fund_id` }).as(
    sql`insert into ${payments} (id, user_id, fund_id, provider, provider_payment_id, amount_poisha,
        currency, status, anonymous, support_message, zakat, mode, client_network)
      select ${value('id')}::uuid, ${value('userId')}::text, fund_id, ${value('provider')}::text,
        ${value('providerPaymentId')}::text, ${value('amountPoisha')}::bigint,
        ${value('currency')}::text, 'pending', ${value('anonymous')}::boolean,
        ${value('supportMessage')}::text, ${value('zakat')}::boolean, ${value('mode')}::text,
        ${value('clientNetwork')}::text
      from may_start
      returning fund_id`,
  );
  const choice = db.$with('choice').as(
    db
      .insert(fundSubscriptions)
      // Every column of the table, in its order (an insert's select must name them all).
      .select((qb) =>
        qb
          .select({
            userId: sql<string>`${value('userId')}::text`.as('user_id'),
            fundId: sql<string>`fund_id`.as('fund_id'),
            subscribed: sql<boolean>`${value('subscribed')}::boolean`.as('subscribed'),
            updatedAt: sql<Date>`now()`.as('updated_at'),
          })
          .from(pending),
      )
      .onConflictDoUpdate(latestChoiceWins),
  );
  return {
    parts: [mayStart, ...(withIntent ? [intent] : []), pending, choice] as const,
    started: sql<boolean>`exists (select 1 from ${pending})`.as('started'),
  };
}

/**
 * `donationRows` for a fund already found open (`fundId`): the second statement of a
 * donation whose first only read (a provider asked over the network, a solved puzzle).
 */
const pendingStatement = (db: Db, withIntent: boolean) => {
  const { parts, started } = donationRows(
    db,
    sql`select ${sql.placeholder('fundId')}::uuid as fund_id`,
    withIntent,
  );
  return db
    .with(...parts)
    .select({ started })
    .from(parts[0])
    .prepare('');
};
const pendingPayment = builtOnce((db) => pendingStatement(db, false));
const pendingPaymentAndIntent = builtOnce((db) => pendingStatement(db, true));

/**
 * The parts of a donation's one statement before the card, with a provider whose intents
 * are in our database (decision 476): `fundState`'s row (`opening`; `openingWithNetwork`
 * reads `fundAndNetworkState`'s) and, when the donation may start there and then,
 * `donationRows`. It starts it only where every refusal of `createPaymentIntent` would let
 * it through: the count within `countMax`, the fund approved and not on hold, the amount
 * within the provider's range (`amountOk`) and, for a donor not yet verified, a network
 * that is not suspect (`readNetworkState`'s rule, with placeholders `networkUnfinishedMax`,
 * `networkDeclinesMax`). `started` says whether it did; where it did not, the same checks
 * are made on what it read, as with two statements.
 */
const openingStatement = (db: Db, readsNetwork: boolean) => {
  const value = sql.placeholder;
  const hit = counterHitWith(db, 'hit');
  const net = networkStateWith(db, 'net');
  const networkAllowed = sql`${net.unfinished} < ${value('networkUnfinishedMax')}
    and (${net.declined} is null
      or not (${net.declined} >= ${value('networkDeclinesMax')}
        and ${net.declinedSince} > ${value('windowStart')}))`;
  const rows = donationRows(
    db,
    sql`select ${funds.id} as fund_id
      from ${funds} cross join ${hit}${readsNetwork ? sql` cross join ${net}` : sql``}
      where ${funds.id} = ${value('fundId')} and ${funds.status} = 'approved'
        and ${funds.hold} is null and ${hit.count} <= ${value('countMax')}
        and ${value('amountOk')}::boolean ${readsNetwork ? sql`and ${networkAllowed}` : sql``}`,
    true,
  );
  return { hit, net, ...rows };
};

const opening = builtOnce((db) => {
  const { hit, parts, started } = openingStatement(db, false);
  return db
    .with(hit, ...parts)
    .select({ ...fundColumns(hit), started })
    .from(hit)
    .leftJoin(funds, eq(funds.id, sql.placeholder('fundId')))
    .prepare('');
});

const openingWithNetwork = builtOnce((db) => {
  const { hit, net, parts, started } = openingStatement(db, true);
  return db
    .with(hit, net, ...parts)
    .select({
      ...fundColumns(hit),
      network: networkColumns(net),
      started,
    })
    .from(hit)
    .innerJoin(net, sql`true`)
    .leftJoin(funds, eq(funds.id, sql.placeholder('fundId')))
    .prepare('');
});

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
  const paymentId = randomUUID();
  const amountPoisha = tkToPoisha(input.amountTk);
  const amountOk =
    amountPoisha >= provider.limits.minPoisha && amountPoisha <= provider.limits.maxPoisha;
  const asked = {
    amountPoisha,
    currency: CURRENCY,
    // The fund's id as the database writes it (a found fund's id is this one).
    metadata: { paymentId, fundId: input.fundId.toLowerCase(), userId: actor.id },
    idempotencyKey: `easyfund-payment-${paymentId}`,
  };
  // A provider in our database has its intent written with the pending payment.
  const inDatabase = provider.inDatabase?.newIntent(asked);
  const pending = {
    id: paymentId,
    userId: actor.id,
    fundId: input.fundId,
    provider: provider.name,
    amountPoisha,
    currency: CURRENCY,
    anonymous: input.anonymous,
    supportMessage: input.supportMessage ?? null,
    zakat: input.zakat,
    mode: provider.mode,
    subscribed: input.updatesOptIn,
    clientNetwork,
    ...(inDatabase && {
      providerPaymentId: inDatabase.row.id,
      intentSecret: inDatabase.row.clientSecret,
      intentStatus: inDatabase.row.status,
      intentMetadata: JSON.stringify(inDatabase.row.metadata),
      intentKey: inDatabase.row.idempotencyKey,
    }),
  };
  // The first statement's values; with a suspect network, those of its limits too.
  const values = {
    fundId: input.fundId,
    ...counterHitValues(counted.key, counted.windowMs, now),
    ...(suspect && networkStateValues(clientNetwork ?? '', now, suspect.max.unfinished)),
  };
  let fund;
  let network: NetworkState | undefined;
  let started = false;
  if (inDatabase) {
    // One statement: the checks below are made on what it read; it started the donation
    // only where none of them refuses it (`openingStatement`). Its values' own properties
    // come before the spreads (decision 479).
    const given = { countMax: counted.max, amountOk, ...values, ...pending };
    if (suspect) {
      const [row] = await openingWithNetwork(db).execute({
        networkDeclinesMax: suspect.max.declines,
        ...given,
      });
      [fund, network] = [row, row?.network];
    } else {
      [fund] = await opening(db).execute(given);
    }
    started = fund?.started === true;
  } else if (suspect) {
    fund = (await fundAndNetworkState(db).execute(values))[0];
    network = fund?.network;
  } else {
    fund = (await fundState(db).execute(values))[0];
  }
  checkCounted(counted, fund, now);
  // A suspect network's donor must have solved the challenge (decision 448).
  if (suspect && !readNetworkState(network, suspect.max, now).allowed) await suspect.challenge();
  // Pending and denied funds are not open to donors: the same answer as an unknown one.
  if (!fund?.id || fund.status !== 'approved') throw new NotFound('Fund');
  // A suspended or closed fund is public, with its reason, but takes no donations.
  if (fund.hold) throw new Conflict(FUND_ON_HOLD, 'fund_on_hold');
  if (!amountOk) {
    const message = outOfLimitsMessage(provider, lang);
    throw new Invalid(message, { amountTk: message });
  }
  const intent = inDatabase?.created ?? (await provider.createIntent(asked));
  if (!started) {
    await (inDatabase ? pendingPaymentAndIntent : pendingPayment)(db).execute({
      ...pending,
      fundId: fund.id,
      providerPaymentId: intent.id,
    });
  }
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
  const { db, jobs, provider } = deps;
  const inDatabase = provider.inDatabase;
  const given = {
    intentId: input.intentId,
    userId: actor.id,
    ...counterHitValues(counted.key, counted.windowMs, now),
  };
  let recorded: Recorded | undefined;
  let outcome: SettleOutcome;
  let found: { payment: PaymentRow; fund: Parameters<typeof isShown>[0] };
  if (inDatabase) {
    // One statement: it recorded the donation where nothing below would stop it.
    const at = new Date(now);
    const [read] = await (
      await confirmation(db, jobs)
    ).execute({ provider: provider.name, countMax: counted.max, at: at.toISOString(), ...given });
    const row = ownPaymentRow(counted, read, now);
    found = row;
    if (row.recorded) {
      jobs?.sent(QUEUES.receiptMail);
      recorded = { succeededAt: at, receiptNumber: row.receiptNumber };
      outcome = 'succeeded';
    } else {
      outcome = await settlePayment(deps, row.payment, {
        recorded: (r) => (recorded = r),
        // The intent as read with the payment (null: the processor has no such intent).
        intent: row.intent && inDatabase.read(row.intent),
      });
    }
  } else {
    const row = ownPaymentRow(counted, (await ownPaymentByIntent(db).execute(given))[0], now);
    found = row;
    outcome = await settlePayment(deps, row.payment, { recorded: (r) => (recorded = r) });
  }
  const row = found.payment;
  const status = outcome === 'needs_review' ? 'failed' : outcome;
  const payment =
    recorded && isShown(found.fund)
      ? justRecorded(row, found.fund, recorded)
      : await findUserPayment(deps.db, actor.id, row.id);
  if (!payment) throw new NotFound('Payment');
  return { status, payment };
}

/**
 * A confirmation's first row (`ownPaymentColumns`): the request counted (refused past its
 * limit) and a payment of this donor found, or Not Found.
 */
function ownPaymentRow<
  Row extends { payment: PaymentRow | null; count: number; windowStart: number },
>(counted: CountedRequest, row: Row | undefined, now: number): Row & { payment: PaymentRow } {
  checkCounted(counted, row, now);
  if (!row?.payment) throw new NotFound('Payment');
  return row as Row & { payment: PaymentRow };
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
