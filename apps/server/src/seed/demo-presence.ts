import { count, eq, ilike } from 'drizzle-orm';
import type { Db } from '../db/client';
import { payments, user } from '../db/schema';

/** The demo's accounts all live under this domain (seed/demo-content.ts, the README). */
const DEMO_EMAIL_DOMAIN = '@easyfund.test';

/**
 * What of the demo a database holds: its accounts (`@easyfund.test`) and payments taken
 * in test mode (test cards, test keys, a sandbox store: no money moved).
 */
export async function demoDataPresence(
  db: Db,
): Promise<{ accounts: number; testPayments: number }> {
  const [accounts] = await db
    .select({ n: count() })
    .from(user)
    .where(ilike(user.email, `%${DEMO_EMAIL_DOMAIN}`));
  const [testPayments] = await db
    .select({ n: count() })
    .from(payments)
    .where(eq(payments.mode, 'test'));
  return { accounts: accounts?.n ?? 0, testPayments: testPayments?.n ?? 0 };
}
