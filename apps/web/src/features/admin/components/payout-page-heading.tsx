import { PAGE_TITLES } from '@easyfund/shared/pages';
import { useI18n } from '../../../lib/i18n';
import { Link } from '../../../lib/link';
import { paths } from '../../../lib/paths';

/** The two pages of payouts, each heading linking to the other. */
const PAGES = {
  withdrawals: { title: PAGE_TITLES.manageWithdrawals, to: paths.manageWithdrawals },
  accounts: { title: PAGE_TITLES.managePayoutAccounts, to: paths.managePayoutAccounts },
} as const;

/** The heading of Manage Withdrawals or Manage Payout Accounts, with a link to the other. */
export function PayoutPageHeading({ page }: { page: keyof typeof PAGES }) {
  const { t } = useI18n();
  const other = PAGES[page === 'withdrawals' ? 'accounts' : 'withdrawals'];
  return (
    <>
      <h1 className="mb-2 text-center text-3xl font-bold">{t(PAGES[page].title)}</h1>
      <p className="mb-6 text-center">
        <Link to={other.to} className="link link-primary">
          {t(other.title)}
        </Link>
      </p>
    </>
  );
}
