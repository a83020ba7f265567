import { and, eq, exists, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fundSubscriptions, payments } from '../../db/schema';
import { ofLedgerMode } from '../ledger/mode';
import { linkMac, linkMacMatches, shortUuid, uuidOfShort } from '../../lib/link-signature';

/**
 * A donor's latest choice for a fund replaces the one before (an upsert's conflict rule);
 * the same choice again (every donation to the fund repeats it) writes nothing, and the
 * time stays that of the choice.
 */
export const latestChoiceWins = {
  target: [fundSubscriptions.userId, fundSubscriptions.fundId],
  set: { subscribed: sql`excluded.subscribed`, updatedAt: sql`now()` },
  setWhere: sql`${fundSubscriptions.subscribed} is distinct from excluded.subscribed`,
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

/**
 * Who follows a fund, as a condition on `fund_subscriptions`: a succeeded donation to it
 * (in the ledger's mode) and a latest choice of yes. Its news goes to them by e-mail and,
 * to those who chose it, by SMS.
 */
export function followsFund(db: Db, fundId: string): SQL {
  return and(
    eq(fundSubscriptions.fundId, fundId),
    eq(fundSubscriptions.subscribed, true),
    exists(
      db
        .select({ one: sql`1` })
        .from(payments)
        .where(
          and(
            eq(payments.userId, fundSubscriptions.userId),
            eq(payments.fundId, fundId),
            eq(payments.status, 'succeeded'),
            ofLedgerMode(payments.mode),
          ),
        ),
    ),
  )!;
}

const PURPOSE = 'fund-updates-unsubscribe';
const ID = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * The token of an unsubscribe link: who (the account id) and which fund (its uuid in
 * 22 characters), signed with the server's secret: no sign-in needed, nothing to store,
 * and it cannot be made for someone else. It does not expire: an old e-mail's link must
 * still work.
 */
export function unsubscribeToken(secret: string, userId: string, fundId: string): string {
  const payload = `${userId}.${shortUuid(fundId)}`;
  return `${payload}.${linkMac(secret, PURPOSE, payload)}`;
}

/** The person and fund of a token, or null when it was not signed by this server. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; fundId: string } | null {
  const [userId, fund, signature, extra] = token.split('.');
  if (!userId || !fund || !signature || extra !== undefined || !ID.test(userId)) return null;
  if (!linkMacMatches(secret, PURPOSE, `${userId}.${fund}`, signature)) return null;
  const fundId = uuidOfShort(fund);
  return fundId ? { userId, fundId } : null;
}
