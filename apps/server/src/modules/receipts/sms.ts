import { eq, sql } from 'drizzle-orm';
import { isLanguage } from '@easyfund/shared/i18n/languages';
import { formatTk } from '@easyfund/shared/format';
import { isRealEmail } from '@easyfund/shared/phone';
import { type Db, rowsOf } from '../../db/client';
import { payments, sentMails } from '../../db/schema';
import { translate } from '../../lib/i18n';
import type { SmsService } from '../sms/service';
import { SMS_TEXT } from '../sms/texts';
import { smsLinkToken } from '../sms/links';
import { paymentsWithDonor } from '../payments/with-donor';
import { contactColumns, verifiedNumber } from '../users/contact';

/** A receipt SMS is sent once by this key and the payment's id (the sent-mails table). */
const receiptSmsKey = 'receipt-sms:';

/**
 * The receipt of a donor without an e-mail address (an account made from a mobile number):
 * a thank-you SMS with the receipt number and a short signed link to the receipt (which
 * also offers STOP), in the donor's language, once per payment (decision 016).
 * A donor with an address gets the receipt by mail instead.
 */
export async function sendReceiptSms(
  deps: { db: Db; sms: SmsService; secret: string; publicUrl: string },
  paymentId: string,
): Promise<boolean> {
  const { db } = deps;
  const [row] = await paymentsWithDonor(db, {
    receiptNumber: payments.receiptNumber,
    amountPoisha: payments.amountPoisha,
    ...contactColumns,
  }).where(eq(payments.id, paymentId));
  if (!row?.receiptNumber || isRealEmail(row.email)) return false;
  const phoneNumber = verifiedNumber(row);
  if (!phoneNumber) return false;
  const key = `${receiptSmsKey}${paymentId}`;
  const [done] = rowsOf(
    await db.execute(sql`select 1 from ${sentMails} where ${sentMails.key} = ${key}`),
  );
  if (done) return false;
  // A donor who never chose a language reads Bangla: a number from here, no page to go by.
  const lang = isLanguage(row.language) ? row.language : 'bn';
  const link = `${deps.publicUrl}/r/${smsLinkToken(deps.secret, row.receiptNumber)}`;
  const result = await deps.sms.send({
    to: phoneNumber,
    text: translate(lang, SMS_TEXT.receipt, {
      amount: formatTk(row.amountPoisha, lang),
      number: row.receiptNumber,
      link,
    }),
    purpose: 'receipt',
    key: key.replace(/-/g, ''),
  });
  await db.insert(sentMails).values({ key }).onConflictDoNothing();
  return result.sent;
}
