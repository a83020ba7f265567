import { isRouteErrorResponse, useRouteError } from '../lib/router';
import { Link } from '../lib/link';
import { useI18n } from '../lib/i18n';
import { paths } from '../lib/paths';

/** Shown when a page fails to load or throws. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useI18n();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : t('Something went wrong.');
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-3xl font-bold">{t('Something went wrong')}</h1>
      <p className="text-base-content/80">{message}</p>
      <div className="flex gap-3">
        <button type="button" className="btn btn-outline" onClick={() => window.location.reload()}>
          {t('Try again')}
        </button>
        <Link to={paths.home} className="btn btn-primary">
          {t('Back to Home')}
        </Link>
      </div>
    </main>
  );
}
