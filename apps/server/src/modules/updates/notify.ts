import { eq } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@easyfund/shared/i18n/languages';
import { linksAsHosts } from '@easyfund/shared/links';
import type { Db } from '../../db/client';
import { fundSubscriptions, user } from '../../db/schema';
import { translate } from '../../lib/i18n';
import type { MailQueue } from '../notifications/service';
import { followsFund, unsubscribeToken } from './subscriptions';

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
    .where(followsFund(db, fundId));
}

/** What one kind of news says to a follower, in their language. */
export interface FollowerMail {
  subject: string;
  /** The line after the greeting: who wrote what. */
  intro: string;
  /** The organiser's text, its addresses already shown as hosts. */
  body: string;
  /** The line that links to the fund's page (given as `pageUrl`). */
  seeLine: string;
}

/**
 * E-mails a fund's news to each donor who asked for it (`fundSubscribers`), each in their
 * language, with a one-click unsubscribe link and the List-Unsubscribe headers (RFC 2369,
 * RFC 8058). One mail per donor keyed by `key` and the donor, so a retried job sends no
 * mail twice. Answers how many mails were queued.
 */
export async function mailFundFollowers(
  deps: NotifyDeps,
  fundId: string,
  key: string,
  compose: (lang: Language, pageUrl: string) => FollowerMail,
): Promise<number> {
  const recipients = await fundSubscribers(deps.db, fundId);
  const pageUrl = `${deps.publicUrl}/donatenow/${fundId}`;
  let sent = 0;
  for (const r of recipients) {
    const lang = isLanguage(r.language) ? r.language : DEFAULT_LANGUAGE;
    const token = unsubscribeToken(deps.secret, r.id, fundId);
    const mail = compose(lang, pageUrl);
    const text = [
      translate(lang, 'Hello {{name}},', { name: r.name }),
      '',
      mail.intro,
      '',
      mail.body,
      '',
      mail.seeLine,
      '',
      translate(
        lang,
        'You get this e-mail because you asked to hear how this fund is doing. Stop these e-mails: {{url}}',
        { url: `${deps.publicUrl}/unsubscribe/${token}` },
      ),
    ].join('\n');
    await deps.mailQueue.enqueueMail(`${key}:${r.id}`, {
      to: r.email,
      subject: mail.subject,
      text,
      headers: {
        'List-Unsubscribe': `<${deps.publicUrl}/api/updates/unsubscribe/${token}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    sent++;
  }
  return sent;
}

/**
 * E-mails a fund's new update to each donor who asked for news of it: people with a
 * succeeded donation to the fund whose latest choice ("Tell me how this fund is doing",
 * or an unsubscribe link since) is yes. Runs as a job of the queue (not in the request
 * that posted the update); keyed by the update and the donor. The addresses in the
 * organiser's text show as their host (`example.org/…`), not as links: the site's sender
 * vouches for no one's link. Answers how many mails were queued.
 */
export async function notifyFundUpdate(
  deps: NotifyDeps,
  notice: FundUpdateNotice,
): Promise<number> {
  const body = linksAsHosts(notice.update.body);
  return mailFundFollowers(deps, notice.fund.id, `update:${notice.update.id}`, (lang, pageUrl) => ({
    subject: translate(lang, 'News from "{{fund}}"', { fund: notice.fund.name }),
    intro: translate(lang, 'The organiser of "{{fund}}" posted an update:', {
      fund: notice.fund.name,
    }),
    body,
    seeLine: translate(lang, 'See the fund: {{url}}', { url: pageUrl }),
  }));
}
