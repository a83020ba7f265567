import { useNavigate } from 'react-router';
import { type CauseId } from '@easyfund/shared/constants';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { MSG } from '@easyfund/shared/texts';
import type { TCreateFundRequest, TOwnFund } from '@easyfund/shared/schemas/funds';
import { useUpdateFund } from '../../../api/funds';
import { useSession } from '../../../api/session';
import { PageLoader } from '../../../components/page-loader';
import { messageOf } from '../../../lib/message-of';
import { paths } from '../../../lib/paths';
import { popup } from '../../../lib/popups';
import { usePageTitle } from '../../../lib/title';
import { FundForm } from '../components/fund-form';
import { OwnFundLoader } from '../components/own-fund-loader';

/** /dashboard/raisedfund/updatefund?id=: Update Your Fund (verified raisers). */
export function Component() {
  usePageTitle(PAGE_TITLES.updateFund);
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-center text-3xl font-bold">{PAGE_TITLES.updateFund}</h1>
      <OwnFundLoader>{(fund) => <UpdateForm fund={fund} />}</OwnFundLoader>
    </section>
  );
}

function UpdateForm({ fund }: { fund: TOwnFund }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const updateFund = useUpdateFund();
  if (!user) return <PageLoader />;

  const onSubmit = async (values: TCreateFundRequest) => {
    try {
      await updateFund.mutateAsync({ id: fund.id, ...values });
      void popup.success(MSG.fundUpdated);
      await navigate(paths.raisedFund);
    } catch (err) {
      await popup.failure(messageOf(err));
    }
  };

  return (
    <FundForm
      defaultValues={{
        name: fund.name,
        image: fund.image,
        description: fund.description,
        cause: fund.cause as CauseId,
        goalTk: fund.goalPoisha / 100,
        suggestedTk: fund.suggestedPoisha / 100,
      }}
      raiser={user}
      submitLabel="Update Fund"
      busyLabel="Saving…"
      onSubmit={onSubmit}
    />
  );
}
