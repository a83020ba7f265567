import { formatTk } from '@easyfund/shared/money';
import { linksAsHosts } from '@easyfund/shared/links';
import { DEFAULT_LANGUAGE, isLanguage } from '@easyfund/shared/i18n/languages';
import { translate } from '../../lib/i18n';
import { fundSubscribers, type NotifyDeps } from '../updates/notify';
import { unsubscribeToken } from '../updates/subscriptions';
import type { PublishedReport } from './service';

/**
 * E-mails a newly published spending report to each donor who asked for news of its fund
 * (as update mails are: in their language, one per donor keyed by the report, with the
 * one-click unsubscribe). Runs as a job of the queue. Answers how many mails were queued.
 */
export async function notifySpendingReport(
  deps: NotifyDeps,
  notice: PublishedReport,
): Promise<number> {
  const recipients = await fundSubscribers(deps.db, notice.fund.id);
  const body = linksAsHosts(notice.report.body);
  let sent = 0;
  for (const r of recipients) {
    const lang = isLanguage(r.language) ? r.language : DEFAULT_LANGUAGE;
    const token = unsubscribeToken(deps.secret, r.id, notice.fund.id);
    const pageUrl = `${deps.publicUrl}/donatenow/${notice.fund.id}`;
    const text = [
      translate(lang, 'Hello {{name}},', { name: r.name }),
      '',
      translate(lang, 'The organiser of "{{fund}}" reported how {{amount}} paid out was spent:', {
        fund: notice.fund.name,
        amount: formatTk(notice.report.totalPoisha, lang),
      }),
      '',
      body,
      '',
      translate(lang, 'See where the money went: {{url}}', { url: pageUrl }),
      '',
      translate(
        lang,
        'You get this e-mail because you asked to hear how this fund is doing. Stop these e-mails: {{url}}',
        { url: `${deps.publicUrl}/unsubscribe/${token}` },
      ),
    ].join('\n');
    await deps.mailQueue.enqueueMail(`spending-report:${notice.report.id}:${r.id}`, {
      to: r.email,
      subject: translate(lang, 'Where the money went: "{{fund}}"', { fund: notice.fund.name }),
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
