import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Role } from '@easyfund/shared/constants';
import { type TAdminUser, USERS_PAGE_SIZE } from '@easyfund/shared/schemas/users';
import type { Db } from '../../db/client';
import { user, verificationApplications } from '../../db/schema';
import { Conflict, NotFound } from '../../lib/errors';
import { COUNT_CAP, countUpTo, likePattern, paginate, SEARCH_COUNT_CAP } from '../../lib/lists';
import { verifiedNumber } from './contact';

type Row = Pick<
  typeof user.$inferSelect,
  'id' | 'name' | 'email' | 'image' | 'role' | 'createdAt' | 'phoneNumber' | 'phoneNumberVerified'
>;

function toAdminUser(row: Row): TAdminUser {
  const { id, name, email, image } = row;
  return {
    id,
    name,
    email,
    image,
    role: row.role as Role,
    createdAt: row.createdAt.toISOString(),
    // Admins see a verified number in full (everyone else sees it masked, or not at all).
    phoneNumber: verifiedNumber(row),
  };
}

const columns = {
  id: user.id,
  name: user.name,
  email: user.email,
  image: user.image,
  role: user.role,
  createdAt: user.createdAt,
  phoneNumber: user.phoneNumber,
  phoneNumberVerified: user.phoneNumberVerified,
};

/** What a search for part of a mobile number can be. */
const MOBILE_PART = /^\+?\d+$/;

/**
 * Manage Users: search by name, e-mail or mobile number, 20 a page, newest first; a
 * search's total counted up to `SEARCH_COUNT_CAP`, the whole list's up to `COUNT_CAP`.
 */
export async function listUsers(db: Db, query: { q?: string; page: number }) {
  const q = query.q?.trim();
  const part = q ? likePattern(q) : '';
  const where = q
    ? or(
        // The lowered name and e-mail (`search_text`, migration 0039): a search of one line
        // matches within one of them, as ILIKE on each did, without lowering every row's.
        sql`"user"."search_text" like lower(${part})`,
        // A mobile number is `+880` and digits: only digits (and a `+`) can be part of one.
        ...(MOBILE_PART.test(q) ? [ilike(user.phoneNumber, part)] : []),
      )
    : undefined;
  return paginate(
    { page: query.page, pageSize: USERS_PAGE_SIZE },
    ({ limit, offset }) =>
      db
        .select(columns)
        .from(user)
        .where(where)
        .orderBy(desc(user.createdAt), desc(user.id))
        .limit(limit)
        .offset(offset),
    countUpTo(db, user, where, q ? SEARCH_COUNT_CAP : COUNT_CAP),
    toAdminUser,
  );
}

/**
 * Make Admin (any role → admin) and Make Verified (user → verified). A change the
 * buttons would show disabled is refused: making an admin "verified" would demote them.
 * The person's pending fund raiser application, if any, is closed as approved by the
 * same admin: it is answered, and Manage Verification no longer offers a decision on it.
 */
export async function changeRole(
  db: Db,
  adminId: string,
  userId: string,
  role: 'verified' | 'admin',
): Promise<TAdminUser> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select(columns).from(user).where(eq(user.id, userId)).for('update');
    if (!current) throw new NotFound('User');
    if (current.role === role) throw new Conflict(`This user is already ${role}`, 'unchanged');
    if (role === 'verified' && current.role === 'admin') {
      throw new Conflict('An admin cannot be made verified', 'not_allowed');
    }
    const [row] = await tx.update(user).set({ role }).where(eq(user.id, userId)).returning(columns);
    await tx
      .update(verificationApplications)
      .set({ status: 'approved', decidedBy: adminId, decidedAt: new Date() })
      .where(
        and(
          eq(verificationApplications.userId, userId),
          eq(verificationApplications.status, 'pending'),
        ),
      );
    return toAdminUser(row!);
  });
}
