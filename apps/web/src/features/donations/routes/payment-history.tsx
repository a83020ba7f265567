import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { myPaymentsQuery } from '../../../api/payments';
import { EmptyState } from '../../../components/empty-state';
import { Money } from '../../../components/money';
import { Pagination } from '../../../components/pagination';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/title';

export function Component() {
  usePageTitle(PAGE_TITLES.paymentHistory);
  const [page, setPage] = useState(1);
  const payments = useQuery(myPaymentsQuery(page));

  return (
    <section className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-3xl font-bold">{PAGE_TITLES.paymentHistory}</h1>
      <QueryState
        query={payments}
        loadingLabel="Loading your payments"
        onRetry={() => void payments.refetch()}
      >
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState>You have no payments yet.</EmptyState>
          ) : (
            <>
              <div className="overflow-x-auto rounded-box border border-base-200 bg-base-100">
                <table className="table">
                  <caption className="sr-only">Your payments, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">#</th>
                      <th scope="col">Event Name</th>
                      <th scope="col">Raised By</th>
                      <th scope="col">Transaction ID</th>
                      <th scope="col" className="text-right">
                        Amount
                      </th>
                      <th scope="col">Time</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((p, i) => {
                      const at = p.succeededAt ?? p.createdAt;
                      return (
                        <tr key={p.id}>
                          <th scope="row">{(data.page - 1) * data.pageSize + i + 1}</th>
                          <td>
                            <Link to={paths.fund(p.fundId)} className="link-hover font-medium">
                              {p.fundName}
                            </Link>
                          </td>
                          <td>{p.raiserName}</td>
                          <td className="font-mono text-xs break-all">{p.transactionId}</td>
                          <td className="text-right whitespace-nowrap">
                            <Money poisha={p.amountPoisha} />
                            {p.status === 'refunded' && (
                              <span className="badge badge-ghost ml-2">Refunded</span>
                            )}
                          </td>
                          <td className="whitespace-nowrap">
                            <time dateTime={at}>{new Date(at).toLocaleString()}</time>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              <Pagination
                page={page}
                pageSize={data.pageSize}
                total={data.total}
                onPage={setPage}
                label="Payment history pages"
              />
            </>
          )
        }
      </QueryState>
    </section>
  );
}
