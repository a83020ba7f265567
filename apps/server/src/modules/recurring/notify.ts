import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import { isRealEmail } from '@easyfund/shared/phone';
import { SITE_NAME } from '@easyfund/shared/constants';
import { formatDate, formatTk } from '@easyfund/shared/format';
import { isLanguage, type Language } from '@easyfund/shared/i18n/languages';
import type { Db } from '../../db/client';
import { funds, recurringGifts, sentMails, user } from '../../db/schema';
import { translate } from '../../lib/i18n';
import type { MailQueue } from '../notifications/service';
import type { SmsService } from '../sms/service';
import { SMS_TEXT } from '../sms/texts';
import { contactColumns, verifiedNumber } from '../users/contact';
import { manageToken } from './token';

/** What a donor is told about a monthly gift. */
export type GiftNotice =
  | { kind: 'retry'; period: string; error: string; retryAt: Date }
  | { kind: 'paused'; period: string; error: string }
  | { kind: 'reminder'; period: string }
  | { kind: 'fund_closed'; similarFundId: string | null; similarFundName: string | null };

export interface NotifyDeps {
  db: Db;
  mailQueue?: MailQueue;
  /** Reminders of wallet gifts also go by SMS to a verified number (absent: mail only). */
  sms?: SmsService;
  publicUrl: string;
  secret: string;
  log?: { warn(obj: object, msg: string): void };
}

/**
 * Tells a donor about their monthly or daily gift, once per gift, notice and period (the
 * key). The one place a gift's notices leave: by e-mail to a real address, and a wallet
 * gift's reminder also by SMS to a verified number.
 */
export async function notifyDonor(deps: NotifyDeps, giftId: string, notice: GiftNotice) {
  if (!deps.mailQueue && !deps.sms) return;
  const [r] = await deps.db
    .select({
      name: user.name,
      ...contactColumns,
      fund: { id: funds.id, name: funds.name },
      amount: recurringGifts.amountPoisha,
      frequency: recurringGifts.frequency,
    })
    .from(recurringGifts)
    .innerJoin(user, eq(user.id, recurringGifts.userId))
    .innerJoin(funds, eq(funds.id, recurringGifts.fundId))
    .where(eq(recurringGifts.id, giftId));
  if (!r) return;
  const daily = r.frequency === 'daily';
  const lang: Language = r.language && isLanguage(r.language) ? r.language : 'en';
  const amount = formatTk(r.amount, lang);
  const manage = `${deps.publicUrl}/monthly-gifts/${manageToken(deps.secret, giftId)}`;
  const pay = `${deps.publicUrl}/dashboard/selecteddonation/pay/${r.fund.id}?amount=${Math.round(r.amount / 100)}`;
  const period = 'period' in notice ? notice.period : '';
  const phoneNumber = verifiedNumber(r);
  if (notice.kind === 'reminder' && deps.sms && phoneNumber) {
    await remindBySms(deps, `recurring-sms:${giftId}:${period}`, {
      to: phoneNumber,
      // A donor who never chose a language reads Bangla, as with receipts by SMS.
      text: translate(
        r.language && isLanguage(r.language) ? r.language : 'bn',
        daily ? SMS_TEXT.dailyReminder : SMS_TEXT.monthlyReminder,
        { amount: formatTk(r.amount, isLanguage(r.language) ? r.language : 'bn'), link: manage },
      ),
    });
  }
  if (!deps.mailQueue || !isRealEmail(r.email)) return;
  const hello = translate(lang, 'Hello {{name}},', { name: r.name });
  let subject: string;
  const lines: string[] = [];
  switch (notice.kind) {
    case 'retry':
      subject = translate(lang, 'Your monthly gift to "{{fund}}" could not be charged', {
        fund: r.fund.name,
      });
      lines.push(
        translate(lang, 'We could not charge {{amount}} to your card: {{error}}', {
          amount,
          error: translate(lang, notice.error),
        }),
        translate(lang, 'We will try again on {{date}}. You can change the card here:', {
          date: formatDate(notice.retryAt, lang),
        }),
      );
      break;
    case 'paused':
      subject = translate(lang, 'Your monthly gift to "{{fund}}" is paused', { fund: r.fund.name });
      lines.push(
        translate(
          lang,
          'We tried several times but could not charge your card ({{error}}), so your monthly gift is paused. Change the card and resume it here:',
          { error: translate(lang, notice.error) },
        ),
      );
      break;
    case 'reminder': {
      subject = daily
        ? translate(lang, 'Your Ramadan gift to "{{fund}}" is due today', { fund: r.fund.name })
        : translate(lang, 'Your monthly gift to "{{fund}}" is due', { fund: r.fund.name });
      lines.push(
        daily
          ? translate(lang, "Today's gift of {{amount}} is due. Give it in one tap:", { amount })
          : translate(lang, "This month's gift of {{amount}} is due. Give it in one tap:", {
              amount,
            }),
        pay,
        '',
        daily
          ? translate(
              lang,
              'Nothing happens if you skip a day. Pause or cancel the reminders here:',
            )
          : translate(
              lang,
              'Nothing happens if you skip a month. Pause or cancel the reminders here:',
            ),
      );
      break;
    }
    case 'fund_closed':
      subject = translate(lang, 'Your monthly gift to "{{fund}}" has stopped', {
        fund: r.fund.name,
      });
      lines.push(
        translate(
          lang,
          'The fund "{{fund}}" no longer takes donations, so your monthly gift has stopped and will not be charged again.',
          { fund: r.fund.name },
        ),
      );
      if (notice.similarFundId) {
        lines.push(
          translate(lang, 'You may like to support a similar fund, "{{fund}}":', {
            fund: notice.similarFundName ?? '',
          }),
          `${deps.publicUrl}/donatenow/${notice.similarFundId}`,
        );
      }
      break;
  }
  const text = [
    hello,
    '',
    ...lines,
    ...(notice.kind === 'fund_closed' ? [] : [manage]),
    '',
    SITE_NAME,
  ];
  await deps.mailQueue.enqueueMail(`recurring:${notice.kind}:${giftId}:${period}`, {
    to: r.email,
    subject,
    text: text.join('\n'),
  });
}

/**
 * One reminder SMS, once by its key (claimed in the sent-mails table before it goes): the
 * SMS service keeps the day's cost ceiling and a number's STOP. A provider failure is
 * logged and the key let go; the mail (where there is an address) still tells the donor.
 */
async function remindBySms(deps: NotifyDeps, key: string, sms: { to: string; text: string }) {
  const claimed = await deps.db
    .insert(sentMails)
    .values({ key })
    .onConflictDoNothing()
    .returning({ key: sentMails.key });
  if (claimed.length === 0 || !deps.sms) return;
  try {
    await deps.sms.send({ ...sms, purpose: 'reminder', key: key.replace(/[^A-Za-z0-9]/g, '') });
  } catch (err) {
    deps.log?.warn({ err }, 'a reminder SMS could not be sent');
    await deps.db.delete(sentMails).where(eq(sentMails.key, key));
  }
}

/** An approved open fund of the same cause, the best supported first: offered when one closes. */
export async function similarFund(db: Db, fundId: string) {
  const [closed] = await db.select({ cause: funds.cause }).from(funds).where(eq(funds.id, fundId));
  if (!closed) return null;
  const [other] = await db
    .select({ id: funds.id, name: funds.name })
    .from(funds)
    .where(
      and(
        eq(funds.cause, closed.cause),
        eq(funds.status, 'approved'),
        isNull(funds.hold),
        ne(funds.id, fundId),
      ),
    )
    .orderBy(desc(funds.raisedPoisha))
    .limit(1);
  return other ?? null;
}
