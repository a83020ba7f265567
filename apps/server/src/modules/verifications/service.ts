import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DecisionStatus, Role } from '@easyfund/shared/constants';
import type { TMe } from '@easyfund/shared/schemas/common';
import type {
  TAdminVerification,
  TMyVerification,
  TVerification,
  TVerificationRequest,
} from '@easyfund/shared/schemas/verifications';
import type { Db, Tx } from '../../db/client';
import { user, verificationApplications } from '../../db/schema';
import {
  decisionOn,
  deciderOf,
  OWN_APPLICATION,
  personColumns,
  reviewedRequests,
} from '../decisions/service';
import { Conflict, Forbidden } from '../../lib/errors';
import { countUpTo, paginate } from '../../lib/lists';

type Row = typeof verificationApplications.$inferSelect;

export const ALREADY_PENDING =
  'You already have an application waiting for an admin. You can apply again once it is decided.';

function toVerification(row: Row): TVerification {
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    idCardNumber: row.idCardNumber,
    phoneNumber: row.phoneNumber,
    status: row.status as DecisionStatus,
    feedback: row.feedback,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Be a Fund Raiser: role `user` only; one pending application per user. */
export async function apply(
  db: Db,
  actor: Pick<TMe, 'id' | 'role'>,
  input: TVerificationRequest,
): Promise<TVerification> {
  if (actor.role !== 'user') throw new Forbidden('You are already a verified fund raiser');
  const [pending] = await db
    .select({ id: verificationApplications.id })
    .from(verificationApplications)
    .where(
      and(
        eq(verificationApplications.userId, actor.id),
        eq(verificationApplications.status, 'pending'),
      ),
    );
  if (pending) throw new Conflict(ALREADY_PENDING, 'already_pending');
  try {
    const [row] = await db
      .insert(verificationApplications)
      .values({ userId: actor.id, ...input, status: 'pending' })
      .returning();
    return toVerification(row!);
  } catch (err) {
    // Two submissions at once: the partial unique index keeps one.
    if (isUniqueViolation(err)) throw new Conflict(ALREADY_PENDING, 'already_pending');
    throw err;
  }
}

/** The caller's latest application (status and feedback) and current role. */
export async function mine(db: Db, actor: Pick<TMe, 'id' | 'role'>): Promise<TMyVerification> {
  const [row] = await db
    .select()
    .from(verificationApplications)
    .where(eq(verificationApplications.userId, actor.id))
    .orderBy(desc(verificationApplications.createdAt), desc(verificationApplications.id))
    .limit(1);
  return { role: actor.role, application: row ? toVerification(row) : null };
}

const applicant = alias(user, 'applicant');

function adminQuery(db: Db | Tx, where: SQL | undefined) {
  const fields = {
    row: verificationApplications,
    applicant: { ...personColumns(applicant), role: applicant.role },
  };
  const from = { alias: applicant, on: verificationApplications.userId };
  return reviewedRequests(db, verificationApplications, from, fields, where);
}

type AdminRow = Awaited<ReturnType<typeof adminQuery>>[number];

function toAdmin({ row, applicant: a, decider: d }: AdminRow): TAdminVerification {
  return {
    ...toVerification(row),
    version: row.version,
    applicant: { ...a, role: a.role as Role },
    decidedBy: deciderOf(d),
  };
}

/** Manage Verification: every application, newest first. */
export async function listApplications(
  db: Db,
  query: { status?: DecisionStatus; page: number; pageSize: number },
) {
  const where = query.status ? eq(verificationApplications.status, query.status) : undefined;
  return paginate(
    query,
    ({ limit, offset }) =>
      adminQuery(db, where)
        .orderBy(desc(verificationApplications.createdAt), desc(verificationApplications.id))
        .limit(limit)
        .offset(offset),
    countUpTo(db, verificationApplications, where),
    toAdmin,
  );
}

const APPLICATION = { what: 'Application', subject: 'This application', own: OWN_APPLICATION };

/**
 * Approve or deny a pending application, once. Approval makes a `user` a `verified`
 * raiser in the same transaction (an admin stays an admin).
 */
export const decideApplication = decisionOn(
  verificationApplications,
  APPLICATION,
  async (tx, id, _admin, decision): Promise<TAdminVerification> => {
    if (decision.status === 'approved') {
      const applicant = tx
        .select({ id: verificationApplications.userId })
        .from(verificationApplications)
        .where(eq(verificationApplications.id, id));
      await tx
        .update(user)
        .set({ role: 'verified' })
        .where(and(inArray(user.id, applicant), eq(user.role, 'user')));
    }
    const [row] = await adminQuery(tx, eq(verificationApplications.id, id));
    return toAdmin(row!);
  },
);
