import { randomUUID } from 'node:crypto';
import { eq, type Placeholder, type SQL, sql, type WithSubquery } from 'drizzle-orm';
import { builtOnce } from './built-once';
import type { Db } from './client';
import { rateLimit } from './schema';

/** The table's keys: a limiter's key behind this prefix. */
const counterKeyPrefix = 'limit:';

export interface RateLimitHit {
  allowed: boolean;
  count: number;
  /** Seconds until the window starts again. */
  retryAfter: number;
}

/** One counter, `key`, against `max` in a fixed window of `windowMs` (now: `now`, in ms). */
type CounterCheck = (
  db: Db,
  key: string,
  max: number,
  windowMs: number,
  now?: number,
) => Promise<RateLimitHit>;

/**
 * Counts one request against `key` in a fixed window and says whether it is within
 * `max`. The counter lives in the database (one atomic upsert), so every server
 * process shares it. Used for payments, uploads and the public forms, and by the
 * identity layer (modules/identity/rate-limit-storage.ts, keys `auth:<network>|<route>`).
 */
export const hitRateLimit: CounterCheck = async (db, key, max, windowMs, now = Date.now()) => {
  const [hit] = await hitCounters(db, [{ key, max }], windowMs, now);
  return hit!;
};

/**
 * Counts one request against every key (all of them, so each counter stays true) and
 * says whether all are within their limits; `retryAfter` is the longest wait of the
 * refused ones. Shared by the route guard and the identity layer's e-mail limits.
 */
export async function hitRateLimits(
  db: Db,
  keys: readonly RateLimitKey[],
  windowMs: number,
  now: number = Date.now(),
): Promise<{ allowed: boolean; retryAfter: number }> {
  const refused = (await hitCounters(db, keys, windowMs, now)).filter((h) => !h.allowed);
  return {
    allowed: refused.length === 0,
    retryAfter: refused.length ? Math.max(...refused.map((h) => h.retryAfter)) : 0,
  };
}

/**
 * Reads `key`'s counter without counting: whether it is still under `max` in its current
 * window. For limits on events a request does not cause itself (failed sign-ins, a card's
 * declines; decision 454).
 */
export const peekRateLimit: CounterCheck = async (db, key, max, windowMs, now = Date.now()) => {
  const [row] = await counterRead(db).execute({ key: counterKey(key) });
  return readCounter(
    { count: row?.count ?? null, windowStart: row?.windowStart ?? null },
    max,
    windowMs,
    now,
  );
};

const counterRead = builtOnce((db) =>
  db
    .select({ count: rateLimit.count, windowStart: rateLimit.lastRequest })
    .from(rateLimit)
    .where(eq(rateLimit.key, sql.placeholder('key')))
    .prepare(''),
);

/** Whole seconds from `now` until `end` (both in milliseconds), at least 1: a `retry-after`. */
export const secondsUntil = (end: number, now: number) =>
  Math.max(1, Math.ceil((end - now) / 1000));

/** A limiter's key as the counters' table holds it. */
export const counterKey = (key: string) => counterKeyPrefix + key;

/**
 * A counter read inside another statement, counting nothing: its count and the start of
 * its window, as scalar subqueries on the row whose key (`counterKey`) the placeholder
 * `keyName` is given; both null when there is none. For limits on events a request does
 * not cause itself (a payment's network is refused once its declined payments reach the
 * limit; decision 448), which `countEventsWith` counts; `readCounter` says what they mean.
 */
export function counterColumns(keyName: string) {
  const column = (c: typeof rateLimit.count | typeof rateLimit.lastRequest) =>
    sql`(select ${c} from ${rateLimit} where ${rateLimit.key} = ${sql.placeholder(keyName)})`.mapWith(
      Number,
    );
  return {
    count: column(rateLimit.count) as SQL<number | null>,
    windowStart: column(rateLimit.lastRequest) as SQL<number | null>,
  };
}

/** Whether a counter read by `counterColumns` is still under `max` in its current window. */
export function readCounter(
  row: { count: number | null; windowStart: number | null },
  max: number,
  windowMs: number,
  now: number,
): RateLimitHit {
  const windowStart = row.windowStart ?? now;
  const count = row.count !== null && windowStart > now - windowMs ? row.count : 0;
  return {
    allowed: count < max,
    count,
    retryAfter: secondsUntil(windowStart + windowMs, now),
  };
}

/**
 * One upsert for all the keys (a download counts its account and its network in one
 * round trip), in the keys' order, so that two requests sharing counters lock them in the same
 * order and never wait on each other in a circle. A key named twice counts once.
 */
async function hitCounters(
  db: Db,
  keys: readonly RateLimitKey[],
  windowMs: number,
  now: number,
): Promise<RateLimitHit[]> {
  const maxOf = new Map<string, number>();
  for (const { key, max } of keys) {
    const fullKey = counterKey(key);
    maxOf.set(fullKey, Math.min(max, maxOf.get(fullKey) ?? max));
  }
  if (maxOf.size === 0) return [];
  const fullKeys = [...maxOf.keys()].sort();
  const values: Record<string, unknown> = { now, windowStart: now - windowMs };
  fullKeys.forEach((key, i) => {
    values[`id${i}`] = randomUUID();
    values[`key${i}`] = key;
  });
  const rows = await counterUpsert(db, fullKeys.length).execute(values);
  return rows.map((row) => ({
    allowed: row.count <= (maxOf.get(row.key) ?? 0),
    count: row.count,
    retryAfter: secondsUntil(row.windowStart + windowMs, now),
  }));
}

/**
 * `hitRateLimit` inside another statement: a common table expression named `name` that
 * counts one request against one counter and returns its `count` and `windowStart`
 * (exactly one row). The statement is given `counterHitValues`' placeholders; `readHit`
 * says what the row means. A request's first statement counts it this way, so that the
 * limit costs no round trip of its own; the statement must do nothing that a refused
 * request may not (a read), as the refusal comes after it.
 */
export function counterHitWith<TName extends string>(db: Db, name: TName) {
  return db.$with(name).as(
    db
      .insert(rateLimit)
      .values({
        id: sql.placeholder('counterId'),
        key: sql.placeholder('counterKey'),
        count: 1,
        lastRequest: sql.placeholder('now'),
      })
      .onConflictDoUpdate({ target: rateLimit.key, set: windowedHit() })
      .returning({ count: rateLimit.count, windowStart: rateLimit.lastRequest }),
  );
}

/** The placeholders of a `counterHitWith` counting one request against `key` at `now`. */
export function counterHitValues(key: string, windowMs: number, now: number) {
  return { counterId: randomUUID(), counterKey: counterKey(key), now, windowStart: now - windowMs };
}

/**
 * One request's limit, counted by the request's own first statement (`counterHitWith`):
 * its counter, the most requests its window allows, and how a refused one is answered.
 */
export interface CountedRequest {
  key: string;
  max: number;
  windowMs: number;
  refuse(retryAfter: number): never;
}

/**
 * A limit read, not counted, inside another statement (a card's declines at the test
 * processor): its counter's key as `peekRateLimit` takes it, its `max` in `windowMs`, and
 * how a refused request is answered.
 */
export type LimitRead = CountedRequest;

/**
 * `peekRateLimit`'s refusal inside another statement (a condition): the counter of the
 * placeholder `capKey` holds `capMax` or more in the window that began after
 * `capWindowStart` (`readCounter`'s rule). A null key is at no cap.
 */
export function counterAtCap() {
  return sql`exists (select 1 from ${rateLimit} where ${rateLimit.key} = ${sql.placeholder('capKey')} and ${rateLimit.count} >= ${sql.placeholder('capMax')} and ${rateLimit.lastRequest} > ${sql.placeholder('capWindowStart')})`;
}

/** Whether a counter hit by `counterHitWith` is within `max` (its count includes this request). */
export function readHit(
  row: { count: number; windowStart: number },
  max: number,
  windowMs: number,
  now: number,
): RateLimitHit {
  return {
    allowed: row.count <= max,
    count: row.count,
    retryAfter: secondsUntil(row.windowStart + windowMs, now),
  };
}

/** The upsert of `count` counters, built once per database and number of counters. */
const counterUpserts = builtOnce(() => new Map<number, ReturnType<typeof buildCounterUpsert>>());

function counterUpsert(db: Db, count: number) {
  const byCount = counterUpserts(db);
  let upsert = byCount.get(count);
  if (!upsert) byCount.set(count, (upsert = buildCounterUpsert(db, count)));
  return upsert;
}

function buildCounterUpsert(db: Db, count: number) {
  return db
    .insert(rateLimit)
    .values(
      Array.from({ length: count }, (_, i) => ({
        id: sql.placeholder(`id${i}`),
        key: sql.placeholder(`key${i}`),
        count: 1,
        lastRequest: sql.placeholder('now'),
      })),
    )
    .onConflictDoUpdate({ target: rateLimit.key, set: windowedHit() })
    .returning({ key: rateLimit.key, count: rateLimit.count, windowStart: rateLimit.lastRequest })
    .prepare('');
}

/**
 * A counter hit again: the inserted row's events added to it in its window, or a new
 * window from `now` once the old one is over (placeholders `now` and `windowStart`). For
 * these keys `last_request` holds the start of the current window.
 */
function windowedHit(windowStart = 'windowStart') {
  const expired = sql`${rateLimit.lastRequest} <= ${sql.placeholder(windowStart)}`;
  const events = sql`excluded.${sql.identifier(rateLimit.count.name)}`;
  return {
    count: sql`case when ${expired} then ${events} else ${rateLimit.count} + ${events} end`,
    lastRequest: sql`case when ${expired} then ${sql.placeholder('now')} else ${rateLimit.lastRequest} end`,
  };
}

/**
 * A common table expression named `name` that counts `events` events against `key` for
 * each row of `rows` that `where` keeps, for a write that learns of events: counted in
 * that write's own statement, neither happens without the other. `key` is an expression
 * over `rows`, named as `hitRateLimit`'s keys are; the statement is given the
 * placeholders `now` and `windowStart` (`now` less the window). It returns each
 * counter's key and count.
 */
export function countEventsWith<TName extends string>(
  db: Db,
  name: TName,
  rows: WithSubquery<string, Record<string, unknown>>,
  counted: {
    key: SQL;
    events: SQL | Placeholder;
    where: SQL;
    /** The placeholder holding this counter's window start, when not `windowStart`. */
    windowStart?: string;
  },
) {
  return db.$with(name).as(
    db
      .insert(rateLimit)
      .select((qb) =>
        qb
          // Every column of the table, in its order (an insert's select must name them all).
          .select({
            id: sql<string>`gen_random_uuid()::text`.as('id'),
            key: sql<string>`${counterKeyPrefix} || ${counted.key}`.as('key'),
            count: sql<number>`${counted.events}::integer`.as('count'),
            lastRequest: sql<number>`${sql.placeholder('now')}::bigint`.as('last_request'),
          })
          .from(rows)
          .where(counted.where),
      )
      .onConflictDoUpdate({ target: rateLimit.key, set: windowedHit(counted.windowStart) })
      .returning({ key: rateLimit.key, count: rateLimit.count }),
  );
}

/** Deletes counters whose last request is older than `olderThanMs` (any limiter's). */
export async function pruneRateLimits(
  db: Db,
  olderThanMs: number,
  now: number = Date.now(),
): Promise<number> {
  const gone = await db
    .delete(rateLimit)
    .where(sql`${rateLimit.lastRequest} < ${now - olderThanMs}`)
    .returning({ id: rateLimit.id });
  return gone.length;
}

/** One counter to hit: its key and the most requests its window allows. */
export interface RateLimitKey {
  key: string;
  max: number;
}
