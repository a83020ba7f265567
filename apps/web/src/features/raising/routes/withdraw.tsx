import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from '../../../lib/link';
import { useNavigate } from '../../../lib/router';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import type { TOwnFund } from '@easyfund/shared/schemas/funds';
import {
  type TWithdrawForm,
  type TWithdrawFormInput,
  ZWithdrawForm,
} from '@easyfund/shared/schemas/withdrawals';
import { myPayoutAccountsQuery } from '../../../api/payouts';
import { useSession } from '../../../api/session';
import { useRequestWithdrawal } from '../../../api/withdrawals';
import { PageLoader } from '../../../components/page-loader';
import { SelectField } from '../../../components/select-field';
import { formFields, TextField } from '../../../components/text-field';
import { useI18n } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { PAYOUT_METHOD_LABEL } from '../../../lib/payout-methods';
import { popup } from '../../../lib/popups';
import { showSaveFailure } from '../../../lib/save-failure';
import { usePageTitle } from '../../../lib/title';
import { OwnFundLoader } from '../components/own-fund-loader';

const NO_USABLE_ACCOUNT = 'You have no approved payout account yet.';
const WITHDRAW_SUCCESS = 'Withdraw Request Successful!!';
const WITHDRAW_SUCCESS_TEXT = 'An admin will review it; follow it in My Raised Fund.';

/** /dashboard/raisedfund/withdraw?id=: Withdraw Request (verified raisers). */
export function WithdrawPage() {
  usePageTitle(PAGE_TITLES.withdraw);
  const { t } = useI18n();
  return (
    <section className="mx-auto max-w-xl">
      <h1 className="mb-6 text-center text-3xl font-bold">{t(PAGE_TITLES.withdraw)}</h1>
      <OwnFundLoader>{(fund) => <WithdrawForm fund={fund} />}</OwnFundLoader>
    </section>
  );
}

function WithdrawForm({ fund }: { fund: TOwnFund }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const requestWithdrawal = useRequestWithdrawal();
  const accounts = useQuery(myPayoutAccountsQuery);
  const usable = accounts.data?.items.filter((a) => a.usable) ?? [];
  const waiting = accounts.data?.items.some(
    (a) => a.status === 'pending' || a.status === 'approved',
  );
  const { t, tk } = useI18n();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TWithdrawFormInput, unknown, TWithdrawForm>({
    resolver: zodResolver(ZWithdrawForm),
    defaultValues: { name: fund.name, amountTk: '', payoutAccountId: '' },
  });
  const field = formFields(register, errors);
  if (!user || accounts.isPending) return <PageLoader />;

  const onSubmit = async ({ amountTk, payoutAccountId }: TWithdrawForm) => {
    try {
      await requestWithdrawal.mutateAsync({ fundId: fund.id, amountTk, payoutAccountId });
      void popup.success(WITHDRAW_SUCCESS, WITHDRAW_SUCCESS_TEXT);
      await navigate(paths.raisedFund);
    } catch (err) {
      await showSaveFailure(err, setError, ['amountTk', 'payoutAccountId']);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="card bg-base-100 shadow">
      <div className="card-body gap-3">
        <p role="status" className="rounded-box bg-base-200 p-3">
          {t('Available balance:')}{' '}
          <strong data-testid="available">{tk(fund.availablePoisha)}</strong>
          <span className="block text-sm text-base-content/80">
            {t('Raised {{raised}}, withdrawn {{withdrawn}}, waiting for approval {{pending}}', {
              raised: tk(fund.raisedPoisha),
              withdrawn: tk(fund.withdrawnPoisha),
              pending: tk(fund.pendingWithdrawalPoisha),
            })}
          </span>
        </p>
        <TextField label="Name" {...field('name')} readOnly />
        <TextField label="Raiser" value={user.name} readOnly />
        <TextField label="Email" value={user.email} readOnly />
        <TextField label="Amount (Tk)" {...field('amountTk')} type="text" inputMode="numeric" />
        <SelectField
          label="Pay out to"
          hint={usable.length === 0 ? NO_USABLE_ACCOUNT : undefined}
          {...field('payoutAccountId')}
        >
          <option value="">{t('Choose an account')}</option>
          {usable.map((a) => (
            <option key={a.id} value={a.id}>
              {`${t(PAYOUT_METHOD_LABEL[a.kind])} ${a.maskedNumber} · ${a.accountName}`}
            </option>
          ))}
        </SelectField>
        {usable.length === 0 ? (
          <p role="status" className="rounded-box bg-base-200 p-3 text-sm">
            {waiting
              ? t('Your payout accounts are waiting for an admin or for their hold to end.')
              : t(
                  'Money is paid out only to your own payout account, once an admin has approved it and its hold has ended.',
                )}{' '}
            <Link to={paths.payoutAccounts} className="link link-primary">
              {t(waiting ? 'Manage payout accounts' : 'Add a payout account')}
            </Link>
          </p>
        ) : (
          <Link to={paths.payoutAccounts} className="link link-primary text-sm">
            {t('Manage payout accounts')}
          </Link>
        )}
        <button type="submit" className="btn btn-primary mt-2" disabled={isSubmitting}>
          {isSubmitting ? t('Sending…') : t('Request Withdrawal')}
        </button>
      </div>
    </form>
  );
}
