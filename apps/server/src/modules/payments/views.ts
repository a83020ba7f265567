import {
  type AnyColumn,
  and,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PaymentMethod, PaymentStatus } from '@easyfund/shared/constants';
import type { TMe } from '@easyfund/shared/schemas/common';
import type {
  TAdminPaymentDetail,
  TAdminPaymentList,
  TAdminPaymentQuery,
  THeldPayment,
  TPayment,
  TPaymentList,
  TRefundEntry,
} from '@easyfund/shared/schemas/payments';
import type { THistoryQuery } from '@easyfund/shared/schemas/common';
import type { Paged } from '@easyfund/shared/schemas/fields';
import { builtOnce } from '../../db/built-once';
import { type Db, rowsOf } from '../../db/client';
import { funds, payments, refunds, user } from '../../db/schema';
import { ofLedgerMode } from '../ledger/mode';
import { donorsOwn } from './with-donor';
import {
  cappedTotal,
  countUpTo,
  likePattern,
  type PageRequest,
  pageOf,
  paginate,
  SEARCH_COUNT_CAP,
} from '../../lib/lists';

/** The donor, beside the fund's raiser, in the admin's list. */
const donor = alias(user, 'donor');

/**
 * A payment's transaction id as donors and admins see it (Payment History, Manage
 * Payments, the receipt): the gateway's own one when there is one (bKash/Nagad/Rocket via
 * SSLCommerz: its `bank_tran_id`), else the provider's payment id.
 */
export const shownTransactionId = sql<string>`coalesce(${payments.gatewayTransactionId}, ${payments.providerPaymentId})`;

/** A refund as the API shows it (JSON built in SQL: one round trip for a page of payments). */
interface RefundJson {
  id: string;
  kind: TRefundEntry['kind'];
  amountPoisha: number;
  createdAt: string;
  reason: string | null;
  creditNoteNumber: string | null;
}

/**
 * A payment's refunds, oldest first, as a column: the donor's histories, the raiser's and
 * the admins' views all show when, how much and why, and the credit note.
 */
export const refundsOf = (paymentId: SQL | AnyColumn) => sql<RefundJson[]>`(
  select coalesce(json_agg(json_build_object(
      'id', r.id, 'kind', r.kind, 'amountPoisha', r.amount_poisha,
      'createdAt', to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'reason', r.reason, 'creditNoteNumber', r.credit_note_number)
    order by r.created_at, r.id), '[]'::json)
  from ${refunds} r where r.payment_id = ${paymentId})`;

/** A payment with its fund and the fund's raiser, as the API shows it (in memory, for a
 *  payment a confirmation just recorded: intents.ts's `justRecorded`). */
const paymentColumns = {
  id: payments.id,
  fundId: payments.fundId,
  fundName: funds.name,
  fundImage: funds.image,
  raiserName: user.name,
  transactionId: shownTransactionId,
  method: payments.method,
  amountPoisha: payments.amountPoisha,
  currency: payments.currency,
  status: payments.status,
  failureMessage: payments.failureMessage,
  createdAt: payments.createdAt,
  succeededAt: payments.succeededAt,
  receiptNumber: payments.receiptNumber,
  refundedPoisha: payments.refundedPoisha,
  refunds: refundsOf(payments.id),
  zakat: payments.zakat,
};

type PaymentRow = Awaited<ReturnType<typeof selectPayments>>[number];

function toPayment(row: PaymentRow): TPayment {
  return {
    ...row,
    status: row.status as PaymentStatus,
    method: row.method as PaymentMethod,
    createdAt: row.createdAt.toISOString(),
    succeededAt: row.succeededAt ? row.succeededAt.toISOString() : null,
    refunds: row.refunds.map((r) => ({ ...r, amountPoisha: Number(r.amountPoisha) })),
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
  const [row] = await userPayment(db).execute({ paymentId, userId });
  return row ? toPayment(row) : null;
}

const userPayment = builtOnce((db) =>
  selectPayments(
    db,
    and(eq(payments.id, sql.placeholder('paymentId')), donorsOwn(sql.placeholder('userId'))),
  ).prepare(''),
);

/**
 * A payment whose money may have moved but that is not settled yet: a wallet's (or a
 * card's through the hosted checkout) still pending at the gateway, timed out included
 * (the reconciliation settles it), or held for an admin's review. A card intent still
 * pending is a form never sent: no money moved.
 */
const unsettled = or(
  eq(payments.status, 'needs_review'),
  and(
    eq(payments.status, 'pending'),
    or(ne(payments.method, 'card'), isNotNull(payments.gatewayTranId)),
  ),
);

/** A user's payments in the given statuses (and unsettled ones, if asked), newest first, one page. */
export async function listUserPayments(
  db: Db,
  userId: string,
  statuses: readonly PaymentStatus[],
  page: PageRequest,
  withUnsettled = false,
): Promise<Paged<TPayment>> {
  const where = and(
    eq(payments.userId, userId),
    withUnsettled
      ? or(inArray(payments.status, [...statuses]), unsettled)
      : inArray(payments.status, [...statuses]),
    ofLedgerMode(payments.mode),
  );
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

/**
 * Payment History: the user's payments whose money moved, and those still being checked
 * (pending at the gateway, timed out, held), with what happens next: a worried donor
 * sees the first payment instead of paying twice. Newest first.
 */
export async function listMyPayments(
  db: Db,
  actor: TMe,
  query: THistoryQuery,
): Promise<TPaymentList> {
  return listUserPayments(db, actor.id, HISTORY_STATUSES, query, true);
}

/** The user's unsettled payments to one fund (the pay step warns before a second one). */
export async function listMyUnsettled(
  db: Db,
  actor: TMe,
  fundId: string,
): Promise<{ items: TPayment[] }> {
  const rows = await selectPayments(
    db,
    and(
      eq(payments.userId, actor.id),
      eq(payments.fundId, fundId),
      unsettled,
      ofLedgerMode(payments.mode),
    ),
  )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(10);
  return { items: rows.map(toPayment) };
}

/** Payments with their fund, its raiser and the donor: the admin's views. */
function selectWithDonor(db: Db, where: SQL | undefined) {
  return db
    .select({
      ...paymentColumns,
      donorName: donor.name,
      donorEmail: donor.email,
      providerAmountPoisha: payments.providerAmountPoisha,
    })
    .from(payments)
    .innerJoin(funds, eq(funds.id, payments.fundId))
    .innerJoin(user, eq(user.id, funds.raiserId))
    .innerJoin(donor, eq(donor.id, payments.userId))
    .where(where);
}

type AdminRow = Awaited<ReturnType<typeof selectWithDonor>>[number];

const toAdminPayment = (row: AdminRow): THeldPayment => ({
  ...toPayment(row),
  donorName: row.donorName,
  donorEmail: row.donorEmail,
  providerAmountPoisha: row.providerAmountPoisha,
});

function countWithDonor(db: Db, where: SQL | undefined) {
  return db
    .select({ n: count() })
    .from(payments)
    .innerJoin(funds, eq(funds.id, payments.fundId))
    .innerJoin(donor, eq(donor.id, payments.userId))
    .where(where);
}

/** Payments waiting for an admin (the gateway flagged them, or amounts differ), oldest first. */
export async function listHeldPayments(db: Db, page: PageRequest): Promise<Paged<THeldPayment>> {
  const where = and(eq(payments.status, 'needs_review'), ofLedgerMode(payments.mode));
  return paginate(
    page,
    ({ limit, offset }) =>
      selectWithDonor(db, where)
        .orderBy(payments.createdAt, payments.id)
        .limit(limit)
        .offset(offset),
    countWithDonor(db, where),
    toAdminPayment,
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Manage Payments' search, newest first: an exact receipt number, payment id or
 * transaction id (the gateway's or the provider's), or part of the donor's name or
 * e-mail or of the fund's name. Without a search: every payment, a page read on from the
 * page before's last payment when the caller names it (`after`).
 *
 * Each kind of match is its own index-backed query (unique ids; the donors and funds a
 * trigram index finds, then their payments), newest first and cut at what the page needs;
 * their union is the page. So a search reads what it finds, not every payment
 * (`npm run bench:scale`), and its total is counted up to `SEARCH_COUNT_CAP`.
 */
export async function searchPayments(
  db: Db,
  query: TAdminPaymentQuery,
): Promise<TAdminPaymentList> {
  const q = query.q?.trim();
  const mode = ofLedgerMode(sql`p.mode`);
  if (!q) {
    const where = ofLedgerMode(payments.mode);
    const newestFirst = [desc(payments.createdAt), desc(payments.id)];
    // Read on from the page before's last payment (keyset), or past the pages before.
    const from = query.after
      ? sql`(${payments.createdAt}, ${payments.id}) < (select b.created_at, b.id from payments b where b.id = ${query.after})`
      : undefined;
    return paginate(
      query,
      ({ limit, offset }) =>
        // The page's ids from the (time, id) index alone; only they are joined with their
        // fund and donor, never the payments before the page.
        selectWithDonor(
          db,
          inArray(
            payments.id,
            db
              .select({ id: payments.id })
              .from(payments)
              .where(and(where, from))
              .orderBy(...newestFirst)
              .limit(limit)
              .offset(from ? 0 : offset),
          ),
        ).orderBy(...newestFirst),
      countUpTo(db, payments, where),
      toAdminPayment,
    );
  }
  const part = likePattern(q);
  const exact = [
    sql`p.receipt_number = ${q.toUpperCase()}`,
    sql`p.gateway_transaction_id = ${q}`,
    sql`p.provider_payment_id = ${q}`,
    sql`p.gateway_tran_id = ${q}`,
    ...(UUID.test(q) ? [sql`p.id = ${q.toLowerCase()}`] : []),
  ];
  // The donor's lowered name and e-mail (`search_text`, migration 0039): a search of one
  // line matches within one of them, as ILIKE on each did, without lowering every donor's.
  const donorMatch = sql`u.search_text like lower(${part})`;
  /** Every kind of match, newest first, at most `upTo` of each. */
  const matches = (upTo: number) => sql`
    (select p.id, p.created_at from payments p
      where (${sql.join(exact, sql` or `)}) and ${mode})
    union
    (select p.id, p.created_at from payments p
      where p.user_id in (select u.id from "user" u where ${donorMatch})
        and ${mode}
      order by p.created_at desc, p.id desc limit ${upTo})
    union
    (select p.id, p.created_at from payments p
      where p.fund_id in (select f.id from funds f where f.name ilike ${part}) and ${mode}
      order by p.created_at desc, p.id desc limit ${upTo})`;
  const offset = (query.page - 1) * query.pageSize;
  const ids = rowsOf(
    await db.execute(sql`
      select m.id from (${matches(offset + query.pageSize)}) m
      order by m.created_at desc, m.id desc limit ${query.pageSize} offset ${offset}`),
  ).map((r) => String(r.id));
  // A page that is not full ends the matches (the first page, or one with rows): they are
  // counted already, exactly, past the cap too; a search for one person or payment, the
  // usual one, reads its matches once. Otherwise they are counted up to `SEARCH_COUNT_CAP`.
  const countMatches = async () => {
    const [counted] = rowsOf(
      await db.execute(sql`select count(*)::int as n from (${matches(SEARCH_COUNT_CAP + 1)}) m`),
    );
    return cappedTotal(Number(counted?.n ?? 0), SEARCH_COUNT_CAP);
  };
  const total =
    ids.length < query.pageSize && (ids.length > 0 || query.page === 1)
      ? { n: offset + ids.length }
      : await countMatches();
  const found = ids.length ? await selectWithDonor(db, inArray(payments.id, ids)) : [];
  const byId = new Map(found.map((row) => [row.id, row]));
  const items = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toAdminPayment(row)] : [];
  });
  return pageOf(items, total, query);
}

/**
 * A payment's detail for an admin; `canRefund` says whether `refundProviders` includes its
 * provider, `panelRefunds` whether it went through the hosted checkout `checkout`.
 */
export async function paymentDetail(
  db: Db,
  paymentId: string,
  refundProviders: readonly string[],
  checkout: string | null = null,
): Promise<TAdminPaymentDetail | null> {
  const [row] = await selectWithDonor(db, eq(payments.id, paymentId));
  if (!row) return null;
  const [{ provider, gatewayTransactionId } = { provider: '', gatewayTransactionId: null }] =
    await db
      .select({ provider: payments.provider, gatewayTransactionId: payments.gatewayTransactionId })
      .from(payments)
      .where(eq(payments.id, paymentId));
  const payment = toAdminPayment(row);
  const refundable = payment.status === 'succeeded';
  const refundablePoisha = refundable ? payment.amountPoisha - payment.refundedPoisha : 0;
  return {
    ...payment,
    refundablePoisha,
    canRefund: refundable && refundProviders.includes(provider),
    panelRefunds: refundablePoisha > 0 && provider === checkout && gatewayTransactionId !== null,
  };
}

/** Any payment by id, as the API shows it (an admin's view). */
export async function findPayment(db: Db, paymentId: string): Promise<TPayment | null> {
  const [row] = await selectPayments(db, eq(payments.id, paymentId));
  return row ? toPayment(row) : null;
}
