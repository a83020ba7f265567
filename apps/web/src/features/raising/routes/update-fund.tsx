import { useNavigate } from '../../../lib/router';
import { type CauseId } from '@easyfund/shared/constants';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { MSG } from '@easyfund/shared/texts';
import type { TCreateFundRequest, TOwnFund } from '@easyfund/shared/schemas/funds';
import { useUpdateFund } from '../../../api/funds';
import { useSession } from '../../../api/session';
import { PageLoader } from '../../../components/page-loader';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../lib/message-of';
import { paths } from '../../../lib/paths';
import { popup } from '../../../lib/popups';
import { usePageTitle } from '../../../lib/title';
import { FundForm } from '../components/fund-form';
import { OwnFundLoader } from '../components/own-fund-loader';

/** /dashboard/raisedfund/updatefund?id=: Update Your Fund (verified raisers). */
export function UpdateFundPage() {
  usePageTitle(PAGE_TITLES.updateFund);
  const { t } = useI18n();
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-center text-3xl font-bold">{t(PAGE_TITLES.updateFund)}</h1>
      <OwnFundLoader>{(fund) => <UpdateForm fund={fund} />}</OwnFundLoader>
    </section>
  );
}

function UpdateForm({ fund }: { fund: TOwnFund }) {
  const { t } = useI18n();
  const { user } = useSession();
  const navigate = useNavigate();
  const updateFund = useUpdateFund();
  if (!user) return <PageLoader />;

  const onSubmit = async (values: TCreateFundRequest) => {
    try {
      const saved = await updateFund.mutateAsync({ id: fund.id, ...values });
      if (saved.pendingChange) {
        void popup.info(
          'Your changes to the name, image, story or goal wait for review by our team.',
        );
      } else {
        void popup.success(MSG.fundUpdated);
      }
      await navigate(paths.raisedFund);
    } catch (err) {
      await popup.failure(messageOf(err));
    }
  };

  // A change waiting for review is what the raiser goes on editing.
  const change = fund.pendingChange;
  return (
    <>
      {fund.status === 'approved' && (
        <div role="status" className="alert alert-info alert-soft mb-4">
          <span>
            {change
              ? t(
                  'Your last changes to the name, image, story or goal wait for review; donors see the approved version until then.',
                )
              : t(
                  'Changes to the name, image, story or goal of an approved fund are reviewed by our team before donors see them.',
                )}
          </span>
        </div>
      )}
      <FundForm
        defaultValues={{
          name: change?.name ?? fund.name,
          image: change?.image ?? fund.image,
          description: change?.description ?? fund.description,
          cause: fund.cause as CauseId,
          goalTk: (change?.goalPoisha ?? fund.goalPoisha) / 100,
          suggestedTk: fund.suggestedPoisha / 100,
        }}
        raiser={user}
        submitLabel="Update Fund"
        busyLabel="Saving…"
        onSubmit={onSubmit}
      />
    </>
  );
}
