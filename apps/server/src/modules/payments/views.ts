import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PaymentMethod, PaymentStatus } from '@easyfund/shared/constants';
import type { TMe } from '@easyfund/shared/schemas/common';
import type {
  THeldPayment,
  THistoryQuery,
  TPayment,
  TPaymentList,
} from '@easyfund/shared/schemas/donations';
import type { Paged } from '@easyfund/shared/schemas/fields';
import type { Db } from '../../db/client';
import { funds, payments, user } from '../../db/schema';
import { type PageRequest, paginate } from '../../lib/lists';

/** The donor, beside the fund's raiser, in the admin's list. */
const donor = alias(user, 'donor');

/** A payment with its fund and the fund's raiser, as the API shows it. */
const paymentColumns = {
  id: payments.id,
  fundId: payments.fundId,
  fundName: funds.name,
  fundImage: funds.image,
  raiserName: user.name,
  /** The gateway's own transaction id when there is one (bKash/Nagad/Rocket via SSLCommerz). */
  transactionId: sql<string>`coalesce(${payments.gatewayTransactionId}, ${payments.providerPaymentId})`,
  method: payments.method,
  amountPoisha: payments.amountPoisha,
  currency: payments.currency,
  status: payments.status,
  failureMessage: payments.failureMessage,
  createdAt: payments.createdAt,
  succeededAt: payments.succeededAt,
  receiptNumber: payments.receiptNumber,
};

type PaymentRow = Awaited<ReturnType<typeof selectPayments>>[number];

function toPayment(row: PaymentRow): TPayment {
  return {
    ...row,
    status: row.status as PaymentStatus,
    method: row.method as PaymentMethod,
    createdAt: row.createdAt.toISOString(),
    succeededAt: row.succeededAt ? row.succeededAt.toISOString() : null,
  };
}

function selectPayments(db: Db, where: SQL | undefined) {
  return db
    .select(paymentColumns)
    .from(payments)
    .innerJoin(funds, eq(funds.id, payments.fundId))
    .innerJoin(user, eq(user.id, funds.raiserId))
    .where(where);
}

/** One payment of one user (ownership is part of the query). */
export async function findUserPayment(
  db: Db,
  userId: string,
  paymentId: string,
): Promise<TPayment | null> {
  const [row] = await selectPayments(
    db,
    and(eq(payments.id, paymentId), eq(payments.userId, userId)),
  );
  return row ? toPayment(row) : null;
}

/** A user's payments in the given statuses, newest first, one page. */
export async function listUserPayments(
  db: Db,
  userId: string,
  statuses: readonly PaymentStatus[],
  page: PageRequest,
): Promise<Paged<TPayment>> {
  const where = and(eq(payments.userId, userId), inArray(payments.status, [...statuses]));
  return paginate(
    page,
    ({ limit, offset }) =>
      selectPayments(db, where)
        .orderBy(
          desc(sql`coalesce(${payments.succeededAt}, ${payments.createdAt})`),
          desc(payments.id),
        )
        .limit(limit)
        .offset(offset),
    db.select({ n: count() }).from(payments).where(where),
    toPayment,
  );
}

/** Statuses shown in Payment History: payments whose money moved. */
const HISTORY_STATUSES = ['succeeded', 'refunded'] as const;

/** Payment History: the user's payments whose money moved, newest first. */
export async function listMyPayments(
  db: Db,
  actor: TMe,
  query: THistoryQuery,
): Promise<TPaymentList> {
  return listUserPayments(db, actor.id, HISTORY_STATUSES, query);
}

/** Payments waiting for an admin (the gateway flagged them, or amounts differ), oldest first. */
export async function listHeldPayments(db: Db, page: PageRequest): Promise<Paged<THeldPayment>> {
  const where = eq(payments.status, 'needs_review');
  return paginate(
    page,
    ({ limit, offset }) =>
      db
        .select({ ...paymentColumns, donorName: donor.name, donorEmail: donor.email })
        .from(payments)
        .innerJoin(funds, eq(funds.id, payments.fundId))
        .innerJoin(user, eq(user.id, funds.raiserId))
        .innerJoin(donor, eq(donor.id, payments.userId))
        .where(where)
        .orderBy(payments.createdAt, payments.id)
        .limit(limit)
        .offset(offset),
    db.select({ n: count() }).from(payments).where(where),
    (row) => ({ ...toPayment(row), donorName: row.donorName, donorEmail: row.donorEmail }),
  );
}

/** Any payment by id, as the API shows it (an admin's view). */
export async function findPayment(db: Db, paymentId: string): Promise<TPayment | null> {
  const [row] = await selectPayments(db, eq(payments.id, paymentId));
  return row ? toPayment(row) : null;
}
