import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import type { TAdminPayoutAccount } from '@easyfund/shared/schemas/payouts';
import {
  payoutAccountQuery,
  payoutAccountsQuery,
  useDecidePayoutAccount,
} from '../../../api/payouts';
import { useI18n } from '../../../lib/i18n';
import { PAYOUT_METHOD_LABEL } from '../../../lib/payout-methods';
import { popup } from '../../../lib/popups';
import { usePageTitle } from '../../../lib/title';
import { usePageParam } from '../../../lib/use-page-param';
import { decisionSender } from '../components/decision-controls';
import { DecisionTable } from '../components/decision-table';
import { PayoutPageHeading } from '../components/payout-page-heading';

const ACCOUNT_UPDATED = 'Payout account updated';

/** /dashboard/admin/managepayoutaccounts: the accounts raisers' payouts may go to. */
export function ManagePayoutAccountsPage() {
  usePageTitle(PAGE_TITLES.managePayoutAccounts);
  const [page, setPage] = usePageParam();
  const list = useQuery(payoutAccountsQuery(page));
  const { t, dateTime } = useI18n();

  const decide = decisionSender(useDecidePayoutAccount(), ACCOUNT_UPDATED);
  /** The account as a person reads it: its method and masked number. */
  const accountLabel = (a: TAdminPayoutAccount) =>
    `${t(PAYOUT_METHOD_LABEL[a.kind])} ${a.maskedNumber}`;

  return (
    <section className="mx-auto max-w-7xl">
      <PayoutPageHeading page="accounts" />
      <DecisionTable
        query={list}
        label="Payout accounts"
        pagesLabel="Payout account pages"
        empty="No payout accounts yet."
        decisionColumn="Decision"
        columns={['Raiser', 'Account', 'Name on the account', 'Added']}
        onPage={setPage}
        subject={(a) =>
          t('the payout account {{account}} of {{name}}', {
            account: accountLabel(a),
            name: a.owner.name,
          })
        }
        decide={decide}
        cells={(a) => (
          <>
            <th scope="row" className="font-medium">
              {a.owner.name}
              <span className="block text-xs text-base-content/80">{a.owner.email}</span>
              <span className="block text-xs">
                {t('Verified as')}: <strong>{a.verifiedName ?? t('No verified name')}</strong>
              </span>
            </th>
            <td>
              <span className="font-mono">{accountLabel(a)}</span>
              {a.bankName && (
                <span className="block text-xs">
                  {a.bankName}, {a.branch} · {a.routingNumber}
                </span>
              )}
              {a.status === 'pending' && <FullNumber id={a.id} label={accountLabel(a)} />}
            </td>
            <td>
              {a.accountName}
              {a.verifiedName && a.verifiedName !== a.accountName && (
                <span className="badge badge-warning badge-sm ms-1 whitespace-nowrap">
                  {t('Differs from the verified name')}
                </span>
              )}
            </td>
            <td>{dateTime(a.createdAt)}</td>
          </>
        )}
      />
    </section>
  );
}

/** The full number, fetched only when the admin asks (the viewing is recorded). */
function FullNumber({ id, label }: { id: string; label: string }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [number, setNumber] = useState<string | null>(null);
  const show = async () => {
    try {
      const detail = await queryClient.fetchQuery(payoutAccountQuery(id));
      setNumber(detail.number);
    } catch (err) {
      await popup.decisionFailed(err);
    }
  };
  return number ? (
    <span className="block font-mono text-sm" data-testid="full-number">
      {number}
    </span>
  ) : (
    <button type="button" className="btn btn-ghost btn-xs" onClick={() => void show()}>
      {t('Show full number')}
      <span className="sr-only">: {label}</span>
    </button>
  );
}
