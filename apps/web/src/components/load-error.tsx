import { useI18n } from '../lib/i18n';

/** A list that failed to load, with a retry. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <div role="alert" className="alert alert-error alert-soft">
      <span>{t('We could not load this list. Please try again.')}</span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        {t('Try again')}
      </button>
    </div>
  );
}
