import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { payments, user } from '../db/schema';

/**
 * The domain of every demo account (README): `.test` is reserved (RFC 2606), so no one
 * owns or receives mail at such an address, and an account there is the demo's.
 */
export const DEMO_EMAIL_DOMAIN = 'easyfund.test';

/** True for an address of the demo's domain (any case). */
export function isDemoEmail(email: string): boolean {
  return email.trim().toLowerCase().endsWith(`@${DEMO_EMAIL_DOMAIN}`);
}

/** True in SQL for an account of the demo's domain. */
export const demoAccount = sql`lower(${user.email}) like ${`%@${DEMO_EMAIL_DOMAIN}`}`;

/**
 * What of the demo a database holds: its accounts (the verified `@easyfund.test` addresses
 * the seed creates) and test-mode payments (test cards, sandboxes, test keys; any status).
 * A live start refuses a database where either is not zero (decision 449).
 */
export async function demoDataPresence(
  db: Db,
): Promise<{ accounts: number; testPayments: number }> {
  // Only the seed's accounts count: their addresses are marked verified, which no one who
  // signs up at the reserved domain can ever be (no mail reaches it).
  const [accounts] = await db
    .select({ n: count() })
    .from(user)
    .where(and(demoAccount, eq(user.emailVerified, true)));
  const [testPayments] = await db
    .select({ n: count() })
    .from(payments)
    .where(eq(payments.mode, 'test'));
  return { accounts: Number(accounts?.n ?? 0), testPayments: Number(testPayments?.n ?? 0) };
}

/** Why a start counts as live, for its messages. */
export function liveStartReason(config: {
  paymentMode: 'test' | 'live';
  paymentProvider: string;
  publicUrl: string;
}): string {
  return config.paymentMode === 'live'
    ? `${config.paymentProvider} takes real money`
    : `a production server at ${config.publicUrl}`;
}

/**
 * The one line a live start refuses with when the database holds demo data, or null
 * when it holds none.
 */
export function demoDataRefusal(
  presence: { accounts: number; testPayments: number },
  reason: string,
): string | null {
  if (presence.accounts === 0 && presence.testPayments === 0) return null;
  return (
    `Refusing a live start (${reason}): the database holds demo data ` +
    `(${presence.accounts} demo accounts @${DEMO_EMAIL_DOMAIN}, ${presence.testPayments} test payments). ` +
    'Run "npm run demo -- remove" to delete it, or set ALLOW_DEMO_DATA=true to start anyway.'
  );
}
