import { useI18n } from '../lib/i18n';

/** Shown while the session or a page's data loads. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  const { t } = useI18n();
  return (
    <div className="flex min-h-[40vh] w-full items-center justify-center p-8">
      <progress className="progress progress-primary w-56" aria-label={t(label)} />
    </div>
  );
}
