import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fundSubscriptions } from '../../db/schema';

/** A donor's latest choice for a fund replaces the one before (an upsert's conflict rule). */
export const latestChoiceWins = {
  target: [fundSubscriptions.userId, fundSubscriptions.fundId],
  set: { subscribed: sql`excluded.subscribed`, updatedAt: sql`now()` },
};

/**
 * Records a donor's choice to get (or not) a fund's updates by e-mail. (A donation's pay
 * step records it in the statement that stores the pending payment: payments/service.ts.)
 */
export async function setSubscription(
  db: Db,
  userId: string,
  fundId: string,
  subscribed: boolean,
): Promise<void> {
  await db
    .insert(fundSubscriptions)
    .values({ userId, fundId, subscribed })
    .onConflictDoUpdate(latestChoiceWins);
}

const PURPOSE = 'fund-updates-unsubscribe';
const ID = /^[A-Za-z0-9_-]{1,40}$/;

/** 128 bits of HMAC-SHA256: plenty against forgery, short enough for a URL segment. */
function mac(secret: string, payload: string): string {
  return createHmac('sha256', secret)
    .update(`${PURPOSE}\u0000${payload}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/**
 * The token of an unsubscribe link: who (the account id) and which fund (its uuid in
 * 22 characters), signed with the server's secret: no sign-in needed, nothing to store,
 * and it cannot be made for someone else. It does not expire: an old e-mail's link must
 * still work.
 */
export function unsubscribeToken(secret: string, userId: string, fundId: string): string {
  const fund = Buffer.from(fundId.replace(/-/g, ''), 'hex').toString('base64url');
  const payload = `${userId}.${fund}`;
  return `${payload}.${mac(secret, payload)}`;
}

/** The person and fund of a token, or null when it was not signed by this server. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; fundId: string } | null {
  const [userId, fund, signature, extra] = token.split('.');
  if (!userId || !fund || !signature || extra !== undefined || !ID.test(userId)) return null;
  const expected = Buffer.from(mac(secret, `${userId}.${fund}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const hex = Buffer.from(fund, 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  const fundId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { userId, fundId };
}
