import { useI18n } from '../lib/i18n';

/**
 * Share of the goal raised, as a whole percentage rounded down (never NaN). Not capped:
 * a fund that raised more than its goal reads e.g. 128%.
 */
export function raisedPercent(raisedPoisha: number, goalPoisha: number): number {
  if (goalPoisha <= 0 || raisedPoisha <= 0) return 0;
  return Math.floor((raisedPoisha / goalPoisha) * 100);
}

/** A progress bar of raised / goal with its percentage, announced to screen readers. */
export function RaisedProgress({
  raisedPoisha,
  goalPoisha,
  showLabel = true,
  className = '',
}: {
  raisedPoisha: number;
  goalPoisha: number;
  showLabel?: boolean;
  className?: string;
}) {
  const { t, tk, number } = useI18n();
  const percent = raisedPercent(raisedPoisha, goalPoisha);
  // Something raised, but under 1%: say so rather than '0%'. The bar stays full past 100%.
  const shown =
    percent === 0 && raisedPoisha > 0
      ? t('under 1%')
      : t('{{percent}}%', { percent: number(percent) });
  const label = t('{{raised}} raised of {{goal}} goal ({{shown}})', {
    raised: tk(raisedPoisha),
    goal: tk(goalPoisha),
    shown,
  });
  return (
    <div className={className}>
      <progress
        className="progress progress-success h-3 w-full"
        value={Math.min(Math.max(raisedPoisha, 0), Math.max(goalPoisha, 1))}
        max={Math.max(goalPoisha, 1)}
        aria-label={label}
      />
      {showLabel && (
        <p className="mt-1 text-right text-sm font-medium text-base-content/80" aria-hidden="true">
          {t('{{shown}} raised', { shown })}
          {percent >= 100 && <span className="ml-1 text-emerald-800">{t('· goal reached')}</span>}
        </p>
      )}
    </div>
  );
}
