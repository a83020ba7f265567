import { and, count, eq } from 'drizzle-orm';
import type { Role } from '@easyfund/shared/constants';
import type { Db } from '../../db/client';
import { funds, user, verificationApplications } from '../../db/schema';

export type OperatorResult =
  | { ok: true; email: string; role: Role; changed: boolean }
  | { ok: false; email: string; reason: 'not_found' | 'not_verified' | 'not_admin' };

async function findByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: user.id, role: user.role, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()));
  return row;
}

/**
 * `npm run admin -- grant EMAIL`: makes an existing account with a verified e-mail an
 * admin. An unverified address is refused: admin rights need proof of the address.
 */
export async function grantAdmin(db: Db, rawEmail: string): Promise<OperatorResult> {
  const email = rawEmail.trim().toLowerCase();
  const row = await findByEmail(db, email);
  if (!row) return { ok: false, email, reason: 'not_found' };
  if (!row.emailVerified) return { ok: false, email, reason: 'not_verified' };
  if (row.role === 'admin') return { ok: true, email, role: 'admin', changed: false };
  await db.update(user).set({ role: 'admin' }).where(eq(user.id, row.id));
  return { ok: true, email, role: 'admin', changed: true };
}

/**
 * `npm run admin -- revoke EMAIL`: takes admin rights away. A person who raised funds or
 * was approved as a raiser goes back to `verified` (they keep what they own); anyone
 * else to `user`.
 */
export async function revokeAdmin(db: Db, rawEmail: string): Promise<OperatorResult> {
  const email = rawEmail.trim().toLowerCase();
  const row = await findByEmail(db, email);
  if (!row) return { ok: false, email, reason: 'not_found' };
  if (row.role !== 'admin') return { ok: false, email, reason: 'not_admin' };
  const [[owned], [approved]] = await Promise.all([
    db.select({ n: count() }).from(funds).where(eq(funds.raiserId, row.id)),
    db
      .select({ n: count() })
      .from(verificationApplications)
      .where(
        and(
          eq(verificationApplications.userId, row.id),
          eq(verificationApplications.status, 'approved'),
        ),
      ),
  ]);
  const role: Role = (owned?.n ?? 0) > 0 || (approved?.n ?? 0) > 0 ? 'verified' : 'user';
  await db
    .update(user)
    .set({ role })
    .where(and(eq(user.id, row.id), eq(user.role, 'admin')));
  return { ok: true, email, role, changed: true };
}
