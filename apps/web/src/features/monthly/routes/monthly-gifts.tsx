import { useQuery } from '@tanstack/react-query';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { myGiftsQuery } from '../../../api/recurring';
import { OwnList } from '../../../components/own-list';
import { useI18n } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/title';
import { GiftCard } from '../components/gift-card';

/** My monthly gifts: amount, fund, next date and months, each one paused, changed or cancelled. */
export function MonthlyGiftsPage() {
  usePageTitle(PAGE_TITLES.monthlyGifts);
  const gifts = useQuery(myGiftsQuery);
  const { t } = useI18n();
  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-4">
      <h1 className="text-3xl font-bold">{t(PAGE_TITLES.monthlyGifts)}</h1>
      <OwnList
        query={gifts}
        loadingLabel="Loading your regular gifts"
        empty="You have no regular gifts. Choose Give monthly on the payment page."
      >
        {(data) => (
          <div className="flex flex-col gap-4">
            {data.items.map((gift) => (
              <GiftCard key={gift.id} gift={gift} />
            ))}
          </div>
        )}
      </OwnList>
    </section>
  );
}
