import { and, eq, sql } from 'drizzle-orm';
import { builtOnce } from '../../db/built-once';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import { countRateLimitEvent, type RateLimitHit, readRateLimit } from '../../lib/rate-limit';

/** The payment limits' window (decisions 202, 413, 448). */
export const PAYMENT_WINDOW_MS = 10 * 60_000;

const declinesKey = (network: string) => `payments-declined:net:${network}`;

/**
 * Whether a network may start another payment: under `max` declined payments in the
 * current window (decision 448). Reads one counter and writes nothing, so the donations
 * of many honest donors behind one carrier-grade NAT address neither count nor wait on
 * each other.
 */
export function networkDeclines(db: Db, network: string, max: number): Promise<RateLimitHit> {
  return readRateLimit(db, declinesKey(network), max, PAYMENT_WINDOW_MS);
}

/**
 * The payment, still pending, and the network it was started from, locked: read before
 * the update, because the update makes the database forget the network (migration 0015).
 */
const declined = builtOnce((db) => {
  const before = db.$with('before').as(
    db
      .select({ id: payments.id, network: payments.clientNetwork })
      .from(payments)
      .where(and(eq(payments.id, sql.placeholder('paymentId')), eq(payments.status, 'pending')))
      .for('update'),
  );
  return db
    .with(before)
    .update(payments)
    .set({ status: 'failed', failureMessage: sql`${sql.placeholder('message')}` })
    .from(before)
    .where(eq(payments.id, before.id))
    .returning({ network: before.network })
    .prepare('');
});

/**
 * A payment the provider or the gateway declined: failed with its reason, and one
 * decline counted against the network it was started from. Only from `pending`, so a
 * replayed or concurrent notice of the same decline changes and counts nothing. Returns
 * whether this call declined it.
 */
export async function markDeclined(db: Db, paymentId: string, message: string): Promise<boolean> {
  const [row] = await declined(db).execute({ paymentId, message: message.slice(0, 500) });
  if (!row) return false;
  if (row.network) await countRateLimitEvent(db, declinesKey(row.network), PAYMENT_WINDOW_MS);
  return true;
}
