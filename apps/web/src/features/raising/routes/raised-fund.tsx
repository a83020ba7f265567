import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { formatTk } from '@easyfund/shared/money';
import type { TOwnFund } from '@easyfund/shared/schemas/funds';
import type { TWithdrawal } from '@easyfund/shared/schemas/withdrawals';
import { myFundsQuery } from '../../../api/funds';
import { myWithdrawalsQuery } from '../../../api/withdrawals';
import { PageLoader } from '../../../components/page-loader';
import { StatusBadge } from '../../../components/status-badge';
import { messageOf } from '../../../lib/message-of';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/title';

/** /dashboard/raisedfund: My Raised Fund (verified raisers). */
export function Component() {
  usePageTitle(PAGE_TITLES.raisedFund);
  const funds = useQuery(myFundsQuery);
  const withdrawals = useQuery(myWithdrawalsQuery);
  if (funds.isPending || withdrawals.isPending) return <PageLoader />;
  if (funds.isError || withdrawals.isError) {
    return (
      <p role="alert" className="alert alert-error">
        {messageOf(funds.error ?? withdrawals.error)}
      </p>
    );
  }
  const data = funds.data;

  return (
    <section className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-center text-3xl font-bold">{PAGE_TITLES.raisedFund}</h1>
      <div className="stats stats-vertical mb-8 w-full bg-base-100 shadow md:stats-horizontal">
        <div className="stat">
          <div className="stat-title text-base-content/80">Total Fund Raised</div>
          <div className="stat-value text-primary" data-testid="total-raised">
            {formatTk(data.totalRaisedPoisha)}
          </div>
        </div>
        <div className="stat">
          <div className="stat-title text-base-content/80">Donations</div>
          <div className="stat-value" data-testid="total-donations">
            {data.totalDonations}
          </div>
        </div>
        <div className="stat">
          <div className="stat-title text-base-content/80">Available to withdraw</div>
          <div className="stat-value" data-testid="total-available">
            {formatTk(data.availablePoisha)}
          </div>
        </div>
      </div>

      <h2 className="mb-3 text-xl font-semibold">Your funds</h2>
      {data.items.length === 0 ? (
        <p className="rounded-box bg-base-100 p-6 text-center shadow">
          You have not requested a fund yet.{' '}
          <Link to={paths.requestFund} className="link link-primary">
            {PAGE_TITLES.requestFund}
          </Link>
        </p>
      ) : (
        <FundsTable funds={data.items} />
      )}

      <h2 className="mt-10 mb-3 text-xl font-semibold">Withdrawal requests</h2>
      {withdrawals.data.items.length === 0 ? (
        <p className="rounded-box bg-base-100 p-6 text-center shadow">
          No withdrawal requests yet.
        </p>
      ) : (
        <WithdrawalsTable items={withdrawals.data.items} />
      )}
    </section>
  );
}

function FundsTable({ funds }: { funds: TOwnFund[] }) {
  return (
    <div className="overflow-x-auto rounded-box bg-base-100 shadow">
      <table className="table" aria-label="Your funds">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Event Name</th>
            <th scope="col">Total Paid</th>
            <th scope="col">Total Fund Raised</th>
            <th scope="col">Status</th>
            <th scope="col">Feedback</th>
            <th scope="col">Update</th>
            <th scope="col">Withdraw</th>
          </tr>
        </thead>
        <tbody>
          {funds.map((f, i) => (
            <tr key={f.id}>
              <td>{i + 1}</td>
              <th scope="row" className="font-medium">
                {f.name}
              </th>
              <td>{f.donationCount}</td>
              <td>
                {formatTk(f.raisedPoisha)}
                <span className="block text-xs text-base-content/80">
                  available {formatTk(f.availablePoisha)}
                </span>
              </td>
              <td>
                <StatusBadge status={f.status} />
              </td>
              <td className="max-w-xs whitespace-pre-line">{f.feedback ?? '—'}</td>
              <td>
                <Link
                  to={paths.updateFund(f.id)}
                  className="btn btn-sm btn-outline"
                  aria-label={`Update ${f.name}`}
                >
                  Update
                </Link>
              </td>
              <td>
                <Link
                  to={paths.withdraw(f.id)}
                  className="btn btn-sm btn-primary"
                  aria-label={`Withdraw from ${f.name}`}
                >
                  Withdraw
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function WithdrawalsTable({ items }: { items: TWithdrawal[] }) {
  return (
    <div className="overflow-x-auto rounded-box bg-base-100 shadow">
      <table className="table" aria-label="Withdrawal requests">
        <thead>
          <tr>
            <th scope="col">Event Name</th>
            <th scope="col">Amount</th>
            <th scope="col">Requested</th>
            <th scope="col">Status</th>
            <th scope="col">Feedback</th>
          </tr>
        </thead>
        <tbody>
          {items.map((w) => (
            <tr key={w.id}>
              <th scope="row" className="font-medium">
                {w.fundName}
              </th>
              <td>{formatTk(w.amountPoisha)}</td>
              <td>{new Date(w.createdAt).toLocaleString()}</td>
              <td>
                <StatusBadge status={w.status} />
              </td>
              <td className="max-w-xs whitespace-pre-line">{w.feedback ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
