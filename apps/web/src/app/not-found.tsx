import { Link } from '../lib/link';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { useI18n } from '../lib/i18n';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/title';

/** Any other path: 404 with Back to Home. */
export function NotFoundPage() {
  usePageTitle(PAGE_TITLES.notFound);
  const { t, digits } = useI18n();
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-7xl font-extrabold text-primary" aria-hidden="true">
        {digits(404)}
      </p>
      <h1 className="text-2xl font-bold">{t('Page not found')}</h1>
      <p className="text-base-content/80">
        {t('The page you are looking for does not exist or has moved.')}
      </p>
      <Link to={paths.home} className="btn btn-primary">
        {t('Back to Home')}
      </Link>
    </section>
  );
}
