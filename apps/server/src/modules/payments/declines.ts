import { and, count, eq, gt, isNotNull, min, sql } from 'drizzle-orm';
import { builtOnce } from '../../db/built-once';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import {
  counterColumns,
  counterKey,
  countEventsWith,
  peekRateLimit,
  readCounter,
  secondsUntil,
} from '../../db/rate-limit-store';

/** The payment limits' window (decisions 202, 413, 448). */
export const PAYMENT_WINDOW_MS = 10 * 60_000;

const declinesKeyPrefix = 'payments-declined:net:';
/** The rate-limit key of a network's declined payments. */
export const declinesKey = (network: string) => declinesKeyPrefix + network;

/** An instrument's declines are counted over a day (decision 454). */
export const INSTRUMENT_WINDOW_MS = 24 * 60 * 60_000;
const instrumentKeyPrefix = 'payments-declined:';
/**
 * The rate-limit key of a payment instrument's declines: `card:<fingerprint>` or
 * `wallet:<fingerprint>`, never a number itself.
 */
export const instrumentDeclinesKey = (instrument: string) => instrumentKeyPrefix + instrument;

/**
 * Whether a card or wallet may be tried again (decision 454): under `max` declines in its
 * day, from whichever account or network. Reads, writes nothing.
 */
export async function instrumentState(
  db: Db,
  instrument: string,
  max: number,
  now: number = Date.now(),
): Promise<{ allowed: boolean; retryAfter: number }> {
  const hit = await peekRateLimit(
    db,
    instrumentDeclinesKey(instrument),
    max,
    INSTRUMENT_WINDOW_MS,
    now,
  );
  return { allowed: hit.allowed, retryAfter: hit.retryAfter };
}

/**
 * Whether a network may start another payment (decision 448): under `declines` declined
 * payments in the current window, and under `unfinished` payments started from it in the
 * last 10 minutes and still pending (a tester who never lets a decline be told). Reads,
 * writes nothing: the donations of many honest donors behind one carrier-grade NAT
 * address neither count nor wait on each other; `retryAfter` is the longer wait.
 */
export async function networkPaymentState(
  db: Db,
  network: string,
  max: NetworkMax,
  now: number = Date.now(),
): Promise<{ allowed: boolean; retryAfter: number }> {
  const [state] = await stateOf(db).execute(networkStateValues(network, now, max.unfinished));
  return readNetworkState(state, max, now);
}

/** A network's limits (decision 448): its declined payments, and its payments unfinished. */
export interface NetworkMax {
  declines: number;
  unfinished: number;
}

/** A network's state as `networkStateWith` reads it. */
export interface NetworkState {
  unfinished: number | string | null;
  oldest: Date | string | null;
  declined: number | string | null;
  declinedSince: number | string | null;
}

/** Whether a network read by `networkStateWith` may start another payment, else how long it waits. */
export function readNetworkState(
  state: NetworkState | undefined,
  max: NetworkMax,
  now: number,
): { allowed: boolean; retryAfter: number } {
  const declined = readCounter(
    {
      count: state?.declined == null ? null : Number(state.declined),
      windowStart: state?.declinedSince == null ? null : Number(state.declinedSince),
    },
    max.declines,
    PAYMENT_WINDOW_MS,
    now,
  );
  const unfinished = Number(state?.unfinished ?? 0);
  const oldest = state?.oldest ? new Date(state.oldest).getTime() : now;
  const waits = [
    ...(declined.allowed ? [] : [declined.retryAfter]),
    ...(unfinished < max.unfinished ? [] : [secondsUntil(oldest + PAYMENT_WINDOW_MS, now)]),
  ];
  return { allowed: waits.length === 0, retryAfter: Math.max(0, ...waits) };
}

/**
 * The placeholders of `networkStateWith`: a network, in the window that ends `now`, and
 * its limit of unfinished payments (`unfinishedMax`).
 */
export function networkStateValues(network: string, now: number, unfinishedMax: number) {
  return {
    network,
    since: new Date(now - PAYMENT_WINDOW_MS).toISOString(),
    declinesKey: counterKey(declinesKey(network)),
    networkUnfinishedMax: unfinishedMax,
  };
}

/**
 * In one row, as a part (`WITH name`) of a statement: a network's payments still pending,
 * started since `since` (the network is kept only then), and its decline counter. A
 * donation's intent reads it in its first statement.
 *
 * The pending payments are counted up to the network's limit (`networkUnfinishedMax`),
 * oldest first, in the order of their index: whether the limit is reached, and the oldest
 * (when the network may start again), are what they were, and a carrier's address with
 * thousands of donors paying at once costs each new donor's check the limit's rows at
 * most, not one per donor paying (decision 492).
 */
export function networkStateWith<TName extends string>(db: Db, name: TName) {
  const declines = counterColumns('declinesKey');
  const pending = db
    .select({ createdAt: payments.createdAt })
    .from(payments)
    .where(
      and(
        eq(payments.clientNetwork, sql.placeholder('network')),
        gt(payments.createdAt, sql`${sql.placeholder('since')}::timestamptz`),
      ),
    )
    .orderBy(payments.createdAt)
    .limit(sql.placeholder('networkUnfinishedMax'))
    .as('pending');
  return db.$with(name).as(
    db
      .select({
        unfinished: count().as('unfinished'),
        oldest: min(pending.createdAt).as('oldest'),
        declined: declines.count.as('declined'),
        declinedSince: declines.windowStart.as('declined_since'),
      })
      .from(pending),
  );
}

/** A network's state alone (`networkStateWith`), for the requests that read nothing else first. */
const stateOf = builtOnce((db) => {
  const state = networkStateWith(db, 'state');
  return db.with(state).select().from(state).prepare('');
});

/**
 * A payment declined in one statement: the payment, still pending, and the network it was
 * started from, locked and read before the update (the update makes the database forget
 * the network, migration 0015); the payment failed with its reason; its declined attempts
 * counted against that network. The payment's row is locked before the counter's, as
 * every statement that takes both does.
 */
const declined = builtOnce((db) => {
  const before = db.$with('before').as(
    db
      .select({ id: payments.id, network: payments.clientNetwork })
      .from(payments)
      .where(and(eq(payments.id, sql.placeholder('paymentId')), eq(payments.status, 'pending')))
      .for('update'),
  );
  const failed = db.$with('failed').as(
    db
      .update(payments)
      .set({
        status: 'failed',
        failureMessage: sql`${sql.placeholder('message')}`,
        // The database's clock: a value here would be the one of the day it was built.
        updatedAt: sql`now()`,
      })
      .from(before)
      .where(eq(payments.id, before.id))
      .returning({ network: before.network }),
  );
  const counted = countEventsWith(db, 'counted', failed, {
    key: sql`${declinesKeyPrefix} || ${failed.network}`,
    events: sql.placeholder('attempts'),
    where: isNotNull(failed.network),
  });
  // The card or wallet, when the provider named it: one decline a payment, over a day.
  const instrument = sql`${sql.placeholder('instrument')}::text`;
  const byInstrument = countEventsWith(db, 'by_instrument', failed, {
    key: sql`${instrumentKeyPrefix} || ${instrument}`,
    events: sql`1`,
    where: sql`${instrument} is not null`,
    windowStart: 'instrumentWindowStart',
  });
  return db
    .with(before, failed, counted, byInstrument)
    .select({ network: failed.network })
    .from(failed)
    .prepare('');
});

/**
 * A payment the provider or the gateway declined: failed with its reason, and its
 * declined attempts (one for a card intent; each FAILED attempt the gateway shows for a
 * checkout) counted against the network it was started from, and one against the card or
 * wallet it was declined with, all or none. Only from
 * `pending`, so a replayed or concurrent notice of the same decline changes and counts
 * nothing. Returns whether this call declined it.
 */
export async function markDeclined(
  db: Db,
  paymentId: string,
  message: string,
  attempts = 1,
  /** The card or wallet declined (`card:<fingerprint>`), when known: counted once too. */
  instrument: string | null = null,
  now: number = Date.now(),
): Promise<boolean> {
  const rows = await declined(db).execute({
    paymentId,
    message: message.slice(0, 500),
    attempts,
    instrument,
    now,
    windowStart: now - PAYMENT_WINDOW_MS,
    instrumentWindowStart: now - INSTRUMENT_WINDOW_MS,
  });
  return rows.length > 0;
}
