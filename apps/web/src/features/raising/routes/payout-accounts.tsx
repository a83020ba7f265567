import { useQuery } from '@tanstack/react-query';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import type { TPayoutAccount } from '@easyfund/shared/schemas/payouts';
import { myPayoutAccountsQuery, useRemovePayoutAccount } from '../../../api/payouts';
import { useSession } from '../../../api/session';
import { QueryState } from '../../../components/query-state';
import { StatusBadge } from '../../../components/status-badge';
import { useI18n } from '../../../lib/i18n';
import { PAYOUT_METHOD_LABEL } from '../../../lib/payout-methods';
import { popup } from '../../../lib/popups';
import { usePageTitle } from '../../../lib/title';
import { PayoutAccountForm } from '../components/payout-account-form';

const REMOVE_TITLE = 'Remove this payout account?';
const REMOVE_TEXT = 'No payout will go to {{account}} any more.';
const ACCOUNT_REMOVED = 'Payout account removed';

/** /dashboard/raisedfund/payout-accounts: where a raiser's payouts go. */
export function PayoutAccountsPage() {
  usePageTitle(PAGE_TITLES.payoutAccounts);
  const { t, tn } = useI18n();
  const { user } = useSession();
  const accounts = useQuery(myPayoutAccountsQuery);
  const holdHours = accounts.data?.holdHours;
  const confirmBy = accounts.data?.confirmBy;
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-6">
      <h1 className="text-center text-3xl font-bold">{t(PAGE_TITLES.payoutAccounts)}</h1>
      {holdHours !== undefined && (
        <p className="text-base-content/80">
          {tn(
            'Payouts go only to an account an admin has approved, {{n}} hours after it was added. Numbers are shown masked.',
            holdHours,
          )}
        </p>
      )}
      <QueryState query={accounts}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="rounded-box bg-base-200 p-4">{t('You have no payout account yet.')}</p>
          ) : (
            <ul className="flex flex-col gap-3" aria-label={t('Your payout accounts')}>
              {data.items.map((a) => (
                <AccountCard key={a.id} account={a} />
              ))}
            </ul>
          )
        }
      </QueryState>
      {user && holdHours !== undefined && confirmBy && (
        <PayoutAccountForm user={user} holdHours={holdHours} confirmBy={confirmBy} />
      )}
    </section>
  );
}

function AccountCard({ account: a }: { account: TPayoutAccount }) {
  const { t, dateTime } = useI18n();
  const remove = useRemovePayoutAccount();
  const label = `${t(PAYOUT_METHOD_LABEL[a.kind])} ${a.maskedNumber}`;
  const onRemove = async () => {
    if (!(await popup.confirm(REMOVE_TITLE, REMOVE_TEXT, 'Remove', { account: label }))) return;
    try {
      await remove.mutateAsync(a.id);
      void popup.success(ACCOUNT_REMOVED);
    } catch (err) {
      await popup.decisionFailed(err);
    }
  };
  return (
    <li className="card bg-base-100 shadow" aria-label={label}>
      <div className="card-body gap-1 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <strong className="font-mono">{label}</strong>
          <StatusBadge status={a.status} />
        </div>
        <p>
          {a.accountName}
          {a.bankName && (
            <span className="block text-sm text-base-content/80">
              {a.bankName}, {a.branch} · {t('Routing number')} {a.routingNumber}
            </span>
          )}
          {a.walletType && (
            <span className="block text-sm text-base-content/80">
              {t(a.walletType === 'merchant' ? 'Merchant' : 'Personal')}
            </span>
          )}
        </p>
        {a.status === 'approved' && !a.usable && (
          <p className="text-sm">
            {t('Payouts wait until {{time}}', { time: dateTime(a.heldUntil) })}
          </p>
        )}
        {a.status === 'pending' && <p className="text-sm">{t('Waiting for an admin')}</p>}
        {a.feedback && (
          <p className="text-sm">
            {t('Feedback from the admin:')} {a.feedback}
          </p>
        )}
        {a.status !== 'removed' && (
          <div className="card-actions justify-end">
            <button
              type="button"
              className="btn btn-outline btn-error btn-sm"
              disabled={remove.isPending}
              onClick={() => void onRemove()}
            >
              {t('Remove')}
              <span className="sr-only">: {label}</span>
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
