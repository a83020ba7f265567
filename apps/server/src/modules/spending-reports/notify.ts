import { formatTk } from '@easyfund/shared/money';
import { linksAsHosts } from '@easyfund/shared/links';
import { translate } from '../../lib/i18n';
import { mailFundFollowers, type NotifyDeps } from '../updates/notify';
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
  const body = linksAsHosts(notice.report.body);
  return mailFundFollowers(
    deps,
    notice.fund.id,
    `spending-report:${notice.report.id}`,
    (lang, pageUrl) => ({
      subject: translate(lang, 'Where the money went: "{{fund}}"', { fund: notice.fund.name }),
      intro: translate(
        lang,
        'The organiser of "{{fund}}" reported how {{amount}} paid out was spent:',
        { fund: notice.fund.name, amount: formatTk(notice.report.totalPoisha, lang) },
      ),
      body,
      seeLine: translate(lang, 'See where the money went: {{url}}', { url: pageUrl }),
    }),
  );
}
