import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../lib/link';
import { useParams } from '../../../lib/router';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { smsNoticeQuery, useStopSmsNotices } from '../../../api/sms';
import { useI18n } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/title';
import { SmsLinkPage } from '../components/sms-link-page';

/**
 * The page of an update or decision SMS's short link: the page it is about, and STOP for
 * that kind of SMS. No sign-in: the unguessable link is the key.
 */
export function SmsNoticePage() {
  usePageTitle(PAGE_TITLES.smsNotice);
  const { t } = useI18n();
  const { token = '' } = useParams();
  const info = useQuery(smsNoticeQuery(token));
  const stop = useStopSmsNotices(token);
  return (
    <SmsLinkPage
      title={t(PAGE_TITLES.smsNotice)}
      info={info}
      stop={stop}
      content={(data) => (
        <>
          <p>
            {data.kind === 'update'
              ? t('A fund you gave to has news.')
              : t('An admin decided on your request.')}
          </p>
          <Link className="btn btn-primary" to={data.path}>
            {data.kind === 'update' ? t('Read the news') : t('See the decision')}
          </Link>
        </>
      )}
      stoppedText={(data) =>
        data.kind === 'update'
          ? t('We will send no more SMS about fund updates.')
          : t('We will send no more SMS about decisions.')
      }
      stopLabel={(data) =>
        data.kind === 'update'
          ? t('STOP: no more SMS about fund updates')
          : t('STOP: no more SMS about decisions')
      }
    />
  );
}
