import { Link } from '../../../lib/link';
import { useParams } from '../../../lib/router';
import { type InfoTopic, PAGE_TITLES } from '@easyfund/shared/pages';
import { useI18n } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/title';
import { INFO_PAGES } from '../info-pages';

/** /info/:topic — About Us and the footer's Useful Links. */
export function InfoPage() {
  const { topic = '' } = useParams();
  const page = Object.hasOwn(INFO_PAGES, topic) ? INFO_PAGES[topic as InfoTopic] : undefined;
  usePageTitle(page?.title ?? PAGE_TITLES.notFound);
  const { t } = useI18n();

  if (!page) {
    return (
      <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
        <h1 className="text-2xl font-bold">{t('Page not found')}</h1>
        <Link to={paths.home} className="btn btn-primary">
          {t('Back to Home')}
        </Link>
      </section>
    );
  }
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-extrabold md:text-4xl">{t(page.title)}</h1>
      {page.sections.map((s, i) => (
        <section key={i} className="mt-6">
          {s.heading && <h2 className="text-xl font-bold">{t(s.heading)}</h2>}
          <p className="mt-2 text-base-content/85">{t(s.text)}</p>
        </section>
      ))}
      <p className="mt-10">
        <Link to={paths.contactUs} className="link link-primary">
          {t('Questions? Contact Us')}
        </Link>
      </p>
    </article>
  );
}
