import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../lib/link';
import { useParams } from '../../../lib/router';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { subscriptionQuery, useUnsubscribe } from '../../../api/updates';
import { PageLoader } from '../../../components/page-loader';
import { useI18n } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/title';

/**
 * The page of an update e-mail's unsubscribe link: no sign-in. Opening it changes
 * nothing (mail clients and scanners open links on their own); the button does.
 */
export function UnsubscribePage() {
  usePageTitle(PAGE_TITLES.unsubscribe);
  const { t } = useI18n();
  const { token = '' } = useParams();
  const info = useQuery(subscriptionQuery(token));
  const stop = useUnsubscribe(token);

  if (info.isPending) return <PageLoader label={t('Loading')} />;
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-bold">{t(PAGE_TITLES.unsubscribe)}</h1>
      {info.isError ? (
        <p role="alert">
          {t('This link is not valid. Please use the link in your latest e-mail.')}
        </p>
      ) : info.data.subscribed ? (
        <>
          <p>{t('Stop e-mails with the updates of "{{fund}}"?', { fund: info.data.fundName })}</p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={stop.isPending}
            onClick={() => stop.mutate()}
          >
            {t('Unsubscribe')}
          </button>
          {stop.isError && <p role="alert">{t('Something went wrong!')}</p>}
        </>
      ) : (
        <p role="status">
          {t('You will get no more e-mails with the updates of "{{fund}}".', {
            fund: info.data.fundName,
          })}
        </p>
      )}
      {info.data && (
        <Link to={paths.fund(info.data.fundId)} className="link">
          {t('Go to the fund')}
        </Link>
      )}
    </section>
  );
}
