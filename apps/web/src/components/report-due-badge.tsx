import { useI18n } from '../lib/i18n';

/**
 * "Report due": a payout paid 30 days ago or more has no approved spending report yet
 * (the `reportDue` of a fund or a withdrawal, worked out by the server).
 */
export function ReportDueBadge() {
  const { t } = useI18n();
  return (
    <span
      className="badge badge-warning whitespace-nowrap font-medium"
      title={t(
        'A payout was paid 30 days ago or more and its spending report is not published yet',
      )}
    >
      {t('Report due')}
    </span>
  );
}

/** The badge on a line of its own under a table cell's text, when a report is due. */
export function ReportDueLine({ due }: { due: boolean }) {
  if (!due) return null;
  return (
    <span className="mt-1 block">
      <ReportDueBadge />
    </span>
  );
}
