import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { TSmsLink } from '@easyfund/shared/schemas/sms';
import type { Db } from '../../db/client';
import { funds, payments, user } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { paymentsWithDonor } from '../payments/with-donor';

/** How long a receipt SMS's link works. */
export const SMS_LINK_DAYS = 90;
const DAY_MS = 86_400_000;

const mac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`sms-link:${body}`).digest('base64url').slice(0, 11);

/**
 * The short link a receipt SMS carries (`/r/<token>`): the receipt number without its
 * `EF-`, the last day it works (days since 1970, base 36) and a MAC of both with the
 * site's secret — about 30 characters, so the SMS stays short (decision 016).
 */
export function smsLinkToken(secret: string, receiptNumber: string, now = Date.now()): string {
  const body = `${receiptNumber.replace(/^EF-/, '')}.${(Math.floor(now / DAY_MS) + SMS_LINK_DAYS).toString(36)}`;
  return `${body}.${mac(secret, body)}`;
}

/** The receipt number a token stands for, if it is ours and has not expired. */
function receiptNumberOf(secret: string, token: string, now = Date.now()): string | null {
  // Live receipts are EF-YYYY-N, test receipts EF-T-YYYY-N (decision 249).
  const m = /^((?:T-)?\d{4}-\d{1,12})\.([0-9a-z]{1,8})\.([A-Za-z0-9_-]{11})$/.exec(token);
  if (!m) return null;
  const body = `${m[1]}.${m[2]}`;
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(m[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (parseInt(m[2]!, 36) < Math.floor(now / DAY_MS)) return null;
  return `EF-${m[1]}`;
}

export interface SmsLinkTarget extends TSmsLink {
  paymentId: string;
  userId: string;
}

/** What a link stands for: its payment, donor and whether their number said STOP; else 404. */
export async function readSmsLink(db: Db, secret: string, token: string): Promise<SmsLinkTarget> {
  const receiptNumber = receiptNumberOf(secret, token);
  if (!receiptNumber) throw new NotFound('Receipt');
  const [row] = await paymentsWithDonor(db, {
    paymentId: payments.id,
    userId: payments.userId,
    receiptNumber: payments.receiptNumber,
    amountPoisha: payments.amountPoisha,
    fundName: funds.name,
    stoppedAt: user.smsStoppedAt,
  })
    .innerJoin(funds, eq(funds.id, payments.fundId))
    .where(and(eq(payments.receiptNumber, receiptNumber), isNotNull(payments.receiptNumber)));
  if (!row) throw new NotFound('Receipt');
  return {
    paymentId: row.paymentId,
    userId: row.userId,
    receiptNumber: row.receiptNumber!,
    amountPoisha: row.amountPoisha,
    fundName: row.fundName,
    stopped: row.stoppedAt !== null,
  };
}

/** STOP from a link: the donor's number gets no more SMS but sign-in codes. */
export async function stopSms(db: Db, secret: string, token: string): Promise<SmsLinkTarget> {
  const target = await readSmsLink(db, secret, token);
  await db
    .update(user)
    .set({ smsStoppedAt: new Date() })
    .where(and(eq(user.id, target.userId)));
  return { ...target, stopped: true };
}

export const publicLink = ({ receiptNumber, amountPoisha, fundName, stopped }: SmsLinkTarget) => ({
  receiptNumber,
  amountPoisha,
  fundName,
  stopped,
});
