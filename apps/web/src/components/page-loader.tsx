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

/**
 * Shown in the page's place, under the navigation bar, while a page's code and data load
 * on the first visit: a screen high, so the footer does not jump up and back down.
 */
export function PageFallback() {
  const { t } = useI18n();
  return (
    <div className="flex min-h-screen w-full items-start justify-center p-8 pt-[20vh]">
      <progress className="progress progress-primary w-56" aria-label={t('Loading')} />
    </div>
  );
}
