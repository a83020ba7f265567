import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../lib/link';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { MSG } from '@easyfund/shared/texts';
import type { TCartItem } from '@easyfund/shared/schemas/cart';
import { cartQuery, useRemoveFromCart } from '../../../api/cart';
import { OwnList } from '../../../components/own-list';
import { useI18n } from '../../../lib/i18n';
import { FundImage } from '../../../components/fund-image';
import { paths } from '../../../lib/paths';
import { popup } from '../../../lib/popups';
import { TitledPage } from '../../../components/titled-page';

export function SelectedDonationPage() {
  const cart = useQuery(cartQuery);
  const remove = useRemoveFromCart();
  const { t, digits } = useI18n();

  const onDelete = async (item: TCartItem) => {
    if (!(await popup.confirmDelete())) return;
    remove.mutate(item.id, {
      onSuccess: () => void popup.success(MSG.deleted, MSG.deletedText),
      onError: (err) => void popup.failure(err.message),
    });
  };

  return (
    <TitledPage title={PAGE_TITLES.selectedDonation} className="mx-auto max-w-5xl">
      <OwnList
        query={cart}
        loadingLabel="Loading your selected donations"
        empty="You have no selected donations. Add a fund from its page to pay for it later."
      >
        {(data) => (
          <div className="overflow-x-auto rounded-box border border-base-200 bg-base-100">
            <table className="table">
              <caption className="sr-only">{t('Your selected donations')}</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t('Event Name')}</th>
                  <th scope="col">{t('Raised By')}</th>
                  <th scope="col">{t('Delete')}</th>
                  <th scope="col">{t('Pay')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((item, i) => (
                  <tr key={item.id}>
                    <th scope="row">{digits(i + 1)}</th>
                    <td>
                      <div className="flex items-center gap-3">
                        <FundImage
                          src={item.fundImage}
                          alt=""
                          width={48}
                          height={30}
                          className="h-10 w-16 rounded object-cover"
                        />
                        <Link to={paths.fund(item.fundId)} className="link-hover font-medium">
                          {item.fundName}
                        </Link>
                      </div>
                    </td>
                    <td>{item.raiserName}</td>
                    <td>
                      <button
                        type="button"
                        className="btn btn-circle btn-sm btn-error btn-outline"
                        aria-label={t('Delete {{name}}', { name: item.fundName })}
                        disabled={remove.isPending && remove.variables === item.id}
                        onClick={() => void onDelete(item)}
                      >
                        <span aria-hidden="true">X</span>
                      </button>
                    </td>
                    <td>
                      {item.payable ? (
                        <Link
                          to={paths.payFor(item.fundId)}
                          className="btn btn-primary btn-sm"
                          aria-label={t('Pay for {{name}}', { name: item.fundName })}
                        >
                          {t('Pay')}
                        </Link>
                      ) : (
                        <span className="text-sm text-base-content/80">
                          {t('Not open for donations')}
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </OwnList>
    </TitledPage>
  );
}
