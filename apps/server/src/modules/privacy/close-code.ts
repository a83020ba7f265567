import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { isLanguage } from '@easyfund/shared/i18n/languages';
import type { Db } from '../../db/client';
import { user, verification } from '../../db/schema';
import { Conflict } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import type { SmsService } from '../sms/service';
import { SMS_TEXT } from '../sms/texts';

/** A code that confirms closing an account is good for five minutes, as a sign-in code. */
const CODE_TTL_MS = 5 * 60_000;
/**
 * What a code confirms, for an account without a password: closing it, or adding a payout
 * account to it. A code of one never confirms the other.
 */
export type CodePurpose = 'close-account' | 'payout-account';
const identifierOf = (userId: string, purpose: CodePurpose = 'close-account') =>
  `${purpose}:${userId}`;
const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

const CLOSE_CODE_ERRORS = {
  noPhone: { message: 'This account has no verified mobile number to send a code to.' },
  notSent: { message: 'The code could not be sent. Please try again later.' },
} as const;
export const CLOSE_CODE_MESSAGES = {
  noPhone: CLOSE_CODE_ERRORS.noPhone.message,
  notSent: CLOSE_CODE_ERRORS.notSent.message,
} as const;

/**
 * Sends the code that confirms closing an account without a password (one made from a
 * mobile number): six digits by SMS to its verified number, kept hashed in the identity
 * layer's verification table; a new code replaces the last.
 */
export async function sendCloseCode(
  deps: { db: Db; sms: SmsService },
  userId: string,
  purpose: CodePurpose = 'close-account',
) {
  const [me] = await deps.db
    .select({
      phone: user.phoneNumber,
      verified: user.phoneNumberVerified,
      language: user.language,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!me?.phone || !me.verified) throw new Conflict(CLOSE_CODE_MESSAGES.noPhone, 'no_phone');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deps.db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, identifierOf(userId, purpose)));
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: identifierOf(userId, purpose),
      value: hashOf(code),
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
  });
  const lang = isLanguage(me.language) ? me.language : 'bn';
  const sent = await deps.sms.send({
    to: me.phone,
    text: translate(lang, SMS_TEXT.code, { code }),
    purpose: 'code',
  });
  if (!sent.sent) throw new Conflict(CLOSE_CODE_MESSAGES.notSent, 'sms_not_sent');
  return { sentTo: `${me.phone.slice(0, 6)}…${me.phone.slice(-2)}` };
}

/** Whether `code` is the account's unexpired code for `purpose`; a right one is spent. */
export async function spendCloseCode(
  db: Db,
  userId: string,
  code: string,
  purpose: CodePurpose = 'close-account',
): Promise<boolean> {
  const [row] = await db
    .select({ id: verification.id, value: verification.value })
    .from(verification)
    .where(
      and(
        eq(verification.identifier, identifierOf(userId, purpose)),
        gt(verification.expiresAt, new Date()),
      ),
    );
  if (!row) return false;
  const given = Buffer.from(hashOf(code));
  const kept = Buffer.from(row.value);
  if (given.length !== kept.length || !timingSafeEqual(given, kept)) return false;
  await db.delete(verification).where(eq(verification.id, row.id));
  return true;
}
