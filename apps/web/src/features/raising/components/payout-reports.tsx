import { useState } from 'react';
import type { TSpendingReport } from '@easyfund/shared/schemas/spending';
import type { TWithdrawal } from '@easyfund/shared/schemas/withdrawals';
import { ReportDueBadge } from '../../../components/report-due-badge';
import { TitledSection } from '../../../components/titled-section';
import { useI18n } from '../../../lib/i18n';
import { SpendingReportForm } from './spending-report-form';

// A report's review, as its raiser reads it (catalogue keys).
const WAITING = 'Waiting for review';
const PUBLISHED = 'Published';
const DENIED = 'Denied';

/**
 * My Raised Fund's paid payouts, each with its spending report: none yet (with the form),
 * waiting for review, published, or denied with the admin's reason (and the form again).
 */
export function PayoutReports({ withdrawals }: { withdrawals: TWithdrawal[] }) {
  const { t } = useI18n();
  const paid = withdrawals.filter((w) => w.status === 'paid');
  return (
    <TitledSection
      id="spending-reports"
      className="mt-10"
      title={t('Spending reports')}
      intro={t(
        'Tell your donors how each payout was spent. An admin reviews the report, then it shows under "Where the money went" on the fund page. A report is due 30 days after the payout.',
      )}
    >
      {paid.length === 0 ? (
        <p className="rounded-box bg-base-100 p-6 text-center shadow">
          {t('No payout has been paid yet.')}
        </p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label={t('Paid payouts')}>
          {paid.map((w) => (
            <PayoutReport key={w.id} withdrawal={w} />
          ))}
        </ul>
      )}
    </TitledSection>
  );
}

function PayoutReport({ withdrawal: w }: { withdrawal: TWithdrawal }) {
  const { t, tk, date } = useI18n();
  const [writing, setWriting] = useState(false);
  const report = w.spendingReport;
  const canPost = !report || report.status === 'denied';
  const title = t('{{amount}} from {{fund}}', { amount: tk(w.amountPoisha), fund: w.fundName });
  return (
    <li className="rounded-box bg-base-100 p-4 shadow" aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-semibold">{title}</p>
          {w.payout && (
            <p className="text-sm text-base-content/80">
              {t('Paid on {{day}}, reference {{reference}}', {
                day: date(`${w.payout.paidOn}T12:00:00+06:00`),
                reference: w.payout.reference,
              })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {w.reportDue && <ReportDueBadge />}
          <ReportState report={report} />
        </div>
      </div>
      {report && <ReportSummary report={report} />}
      {canPost &&
        (writing ? (
          <SpendingReportForm withdrawal={w} onDone={() => setWriting(false)} />
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-sm mt-3"
            onClick={() => setWriting(true)}
          >
            {report ? t('Write a new spending report') : t('Write a spending report')}
            <span className="sr-only">: {title}</span>
          </button>
        ))}
    </li>
  );
}

function ReportState({ report }: { report: TSpendingReport | null }) {
  const { t } = useI18n();
  if (!report) return <span className="badge badge-ghost">{t('No report yet')}</span>;
  const [style, label] =
    report.status === 'pending'
      ? ['badge-warning', WAITING]
      : report.status === 'approved'
        ? ['badge-success', PUBLISHED]
        : ['badge-error', DENIED];
  return (
    <span className={`badge ${style} whitespace-nowrap font-medium`} data-testid="report-state">
      {t(label)}
    </span>
  );
}

/** The latest report as sent, with the admin's reason when it was denied. */
function ReportSummary({ report }: { report: TSpendingReport }) {
  const { t, tk, dateTime } = useI18n();
  return (
    <div className="mt-3 text-sm">
      {report.status === 'denied' && report.feedback && (
        <p role="note" className="alert alert-warning mb-2 whitespace-pre-line">
          {t("The admin's reason: {{reason}}", { reason: report.feedback })}
        </p>
      )}
      <details>
        <summary className="cursor-pointer">
          {t('Report sent on {{day}}: {{total}}', {
            day: dateTime(report.createdAt),
            total: tk(report.totalPoisha),
          })}
        </summary>
        <p className="mt-2 whitespace-pre-line break-words">{report.body}</p>
        <ul className="mt-1 list-inside list-disc">
          {report.lines.map((line, i) => (
            <li key={i}>
              {line.label}: {tk(line.amountPoisha)}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
