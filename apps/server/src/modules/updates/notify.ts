import { and, eq, exists, sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, isLanguage } from '@easyfund/shared/i18n/languages';
import { linksAsHosts } from '@easyfund/shared/links';
import type { Db } from '../../db/client';
import { fundSubscriptions, payments, user } from '../../db/schema';
import { translate } from '../../lib/i18n';
import { ofLedgerMode } from '../ledger/mode';
import type { MailQueue } from '../notifications/service';
import { unsubscribeToken } from './subscriptions';

export interface NotifyDeps {
  db: Db;
  mailQueue: MailQueue;
  publicUrl: string;
  secret: string;
}

export interface FundUpdateNotice {
  fund: { id: string; name: string };
  update: { id: string; body: string };
}

/**
 * The donors who asked for news of a fund: a succeeded donation to it (in the ledger's
 * mode) and a latest choice of yes.
 */
export function fundSubscribers(db: Db, fundId: string) {
  return db
    .select({ id: user.id, email: user.email, name: user.name, language: user.language })
    .from(fundSubscriptions)
    .innerJoin(user, eq(user.id, fundSubscriptions.userId))
    .where(
      and(
        eq(fundSubscriptions.fundId, fundId),
        eq(fundSubscriptions.subscribed, true),
        exists(
          db
            .select({ one: sql`1` })
            .from(payments)
            .where(
              and(
                eq(payments.userId, fundSubscriptions.userId),
                eq(payments.fundId, fundId),
                eq(payments.status, 'succeeded'),
                ofLedgerMode(payments.mode),
              ),
            ),
        ),
      ),
    );
}

/**
 * E-mails a fund's new update to each donor who asked for news of it: people with a
 * succeeded donation to the fund whose latest choice ("Tell me how this fund is doing",
 * or an unsubscribe link since) is yes. Each mail carries a one-click unsubscribe link
 * and the List-Unsubscribe headers (RFC 2369, RFC 8058). Runs as a job of the queue
 * (not in the request that posted the update) and queues one mail per donor, keyed by
 * the update and the donor: a retried job sends no mail twice. The addresses in the
 * organiser's text show as their host (`example.org/…`), not as links: the site's sender
 * vouches for no one's link. Answers how many mails were queued.
 */
export async function notifyFundUpdate(
  deps: NotifyDeps,
  notice: FundUpdateNotice,
): Promise<number> {
  const recipients = await fundSubscribers(deps.db, notice.fund.id);
  const body = linksAsHosts(notice.update.body);
  let sent = 0;
  for (const r of recipients) {
    const lang = isLanguage(r.language) ? r.language : DEFAULT_LANGUAGE;
    const token = unsubscribeToken(deps.secret, r.id, notice.fund.id);
    const pageUrl = `${deps.publicUrl}/donatenow/${notice.fund.id}`;
    const unsubscribePage = `${deps.publicUrl}/unsubscribe/${token}`;
    const oneClick = `${deps.publicUrl}/api/updates/unsubscribe/${token}`;
    const text = [
      translate(lang, 'Hello {{name}},', { name: r.name }),
      '',
      translate(lang, 'The organiser of "{{fund}}" posted an update:', { fund: notice.fund.name }),
      '',
      body,
      '',
      translate(lang, 'See the fund: {{url}}', { url: pageUrl }),
      '',
      translate(
        lang,
        'You get this e-mail because you asked to hear how this fund is doing. Stop these e-mails: {{url}}',
        { url: unsubscribePage },
      ),
    ].join('\n');
    await deps.mailQueue.enqueueMail(`update:${notice.update.id}:${r.id}`, {
      to: r.email,
      subject: translate(lang, 'News from "{{fund}}"', { fund: notice.fund.name }),
      text,
      headers: {
        'List-Unsubscribe': `<${oneClick}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    sent++;
  }
  return sent;
}
