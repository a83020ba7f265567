import { Link } from '../lib/link';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { useI18n } from '../lib/i18n';
import { NotFoundMessage } from '../components/not-found-message';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/title';

/** Any other path: 404 with Back to Home. */
export function NotFoundPage() {
  usePageTitle(PAGE_TITLES.notFound);
  const { t } = useI18n();
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <NotFoundMessage
        large
        title="Page not found"
        text="The page you are looking for does not exist or has moved."
      />
      <Link to={paths.home} className="btn btn-primary">
        {t('Back to Home')}
      </Link>
    </section>
  );
}
