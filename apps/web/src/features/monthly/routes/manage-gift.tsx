import { useQuery } from '@tanstack/react-query';
import { useParams } from '../../../lib/router';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { giftByTokenQuery } from '../../../api/recurring';
import { PageLoader } from '../../../components/page-loader';
import { useI18n } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/title';
import { GiftCard } from '../components/gift-card';

/** A monthly gift's page from the link in its e-mails: managed without signing in. */
export function ManageGiftPage() {
  usePageTitle(PAGE_TITLES.manageGift);
  const { t } = useI18n();
  const { token = '' } = useParams();
  const gift = useQuery(giftByTokenQuery(token));
  if (gift.isPending) return <PageLoader label={t('Loading')} />;
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4 p-6">
      <h1 className="text-2xl font-bold">{t(PAGE_TITLES.manageGift)}</h1>
      {gift.isError ? (
        <p role="alert">
          {t('This link is not valid. Please use the link in your latest e-mail.')}
        </p>
      ) : (
        <GiftCard gift={gift.data} token={token} />
      )}
    </section>
  );
}
