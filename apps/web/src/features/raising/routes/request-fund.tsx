import { useNavigate } from '../../../lib/router';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { MSG } from '@easyfund/shared/texts';
import type { TCreateFundRequest } from '@easyfund/shared/schemas/funds';
import { useCreateFund } from '../../../api/funds';
import { useSession } from '../../../api/session';
import { PageLoader } from '../../../components/page-loader';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../lib/message-of';
import { paths } from '../../../lib/paths';
import { popup } from '../../../lib/popups';
import { usePageTitle } from '../../../lib/title';
import { FundForm } from '../components/fund-form';

/** /dashboard/requestfund: Request for Fund (verified raisers). */
export function RequestFundPage() {
  usePageTitle(PAGE_TITLES.requestFund);
  const { user } = useSession();
  const navigate = useNavigate();
  const createFund = useCreateFund();
  const { t } = useI18n();
  if (!user) return <PageLoader />;

  const onSubmit = async (values: TCreateFundRequest) => {
    try {
      await createFund.mutateAsync(values);
      void popup.success(MSG.fundRequestSuccess);
      await navigate(paths.raisedFund);
    } catch (err) {
      await popup.failure(messageOf(err));
    }
  };

  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="mb-2 text-center text-3xl font-bold">{t(PAGE_TITLES.requestFund)}</h1>
      <p className="mb-6 text-center text-base-content/80">
        {t('Your fund is shown on Donate Now once an admin approves it.')}
      </p>
      <FundForm
        defaultValues={{
          name: '',
          image: '',
          description: '',
          goalTk: '',
          suggestedTk: '',
        }}
        raiser={user}
        submitLabel="Request Fund"
        busyLabel="Sending your request…"
        onSubmit={onSubmit}
      />
    </section>
  );
}
