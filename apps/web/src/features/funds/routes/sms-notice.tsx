import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../lib/link';
import { useParams } from '../../../lib/router';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { smsNoticeQuery, useStopSmsNotices } from '../../../api/sms';
import { PageLoader } from '../../../components/page-loader';
import { useI18n } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/title';

/**
 * The page of an update or decision SMS's short link: the page it is about, and STOP for
 * that kind of SMS. No sign-in: the unguessable link is the key. Opening it changes
 * nothing; the button does.
 */
export function SmsNoticePage() {
  usePageTitle(PAGE_TITLES.smsNotice);
  const { t } = useI18n();
  const { token = '' } = useParams();
  const info = useQuery(smsNoticeQuery(token));
  const stop = useStopSmsNotices(token);

  if (info.isPending) return <PageLoader label={t('Loading')} />;
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-bold">{t(PAGE_TITLES.smsNotice)}</h1>
      {info.isError ? (
        <p role="alert">{t('This link is not valid or has expired.')}</p>
      ) : (
        <>
          <p>
            {info.data.kind === 'update'
              ? t('A fund you gave to has news.')
              : t('An admin decided on your request.')}
          </p>
          <Link className="btn btn-primary" to={info.data.path}>
            {info.data.kind === 'update' ? t('Read the news') : t('See the decision')}
          </Link>
          {info.data.stopped ? (
            <p role="status">
              {info.data.kind === 'update'
                ? t('We will send no more SMS about fund updates.')
                : t('We will send no more SMS about decisions.')}
            </p>
          ) : (
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={stop.isPending}
              onClick={() => stop.mutate()}
            >
              {info.data.kind === 'update'
                ? t('STOP: no more SMS about fund updates')
                : t('STOP: no more SMS about decisions')}
            </button>
          )}
          {stop.isError && <p role="alert">{t('Something went wrong!')}</p>}
        </>
      )}
    </section>
  );
}
