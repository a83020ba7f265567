import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import {
  payoutAccountQuery,
  payoutAccountsQuery,
  useDecidePayoutAccount,
} from '../../../api/payouts';
import { PagedTable } from '../../../components/paged-table';
import { StatusBadge } from '../../../components/status-badge';
import { useI18n } from '../../../lib/i18n';
import { PAYOUT_METHOD_LABEL } from '../../../lib/payout-methods';
import { popup } from '../../../lib/popups';
import { usePageTitle } from '../../../lib/title';
import { usePageParam } from '../../../lib/use-page-param';
import { decisionSender, ItemDecision } from '../components/decision-controls';
import { PayoutPageHeading } from '../components/payout-page-heading';

const ACCOUNT_UPDATED = 'Payout account updated';

/** /dashboard/admin/managepayoutaccounts: the accounts raisers' payouts may go to. */
export function ManagePayoutAccountsPage() {
  usePageTitle(PAGE_TITLES.managePayoutAccounts);
  const [page, setPage] = usePageParam();
  const list = useQuery(payoutAccountsQuery(page));
  const { t, dateTime } = useI18n();

  const decide = decisionSender(useDecidePayoutAccount(), ACCOUNT_UPDATED);

  return (
    <section className="mx-auto max-w-7xl">
      <PayoutPageHeading page="accounts" />
      <PagedTable
        query={list}
        label="Payout accounts"
        pagesLabel="Payout account pages"
        empty="No payout accounts yet."
        columns={['Raiser', 'Account', 'Name on the account', 'Added', 'Status', 'Decision']}
        onPage={setPage}
        row={(a) => {
          const label = `${t(PAYOUT_METHOD_LABEL[a.kind])} ${a.maskedNumber}`;
          return (
            <tr key={a.id}>
              <th scope="row" className="font-medium">
                {a.owner.name}
                <span className="block text-xs text-base-content/80">{a.owner.email}</span>
                <span className="block text-xs">
                  {t('Verified as')}: <strong>{a.verifiedName ?? t('No verified name')}</strong>
                </span>
              </th>
              <td>
                <span className="font-mono">{label}</span>
                {a.bankName && (
                  <span className="block text-xs">
                    {a.bankName}, {a.branch} · {a.routingNumber}
                  </span>
                )}
                {a.status === 'pending' && <FullNumber id={a.id} label={label} />}
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
              <td>
                <StatusBadge status={a.status} />
              </td>
              <td>
                <ItemDecision
                  item={a}
                  subject={t('the payout account {{account}} of {{name}}', {
                    account: label,
                    name: a.owner.name,
                  })}
                  decide={decide}
                />
              </td>
            </tr>
          );
        }}
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
