import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../lib/link';
import { PAYMENT_METHOD_NAMES } from '@easyfund/shared/constants';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { myPaymentsQuery } from '../../../api/payments';
import { creditNoteUrl } from '../../../api/receipts';
import { Money } from '../../../components/money';
import { Pagination } from '../../../components/pagination';
import { OwnList } from '../../../components/own-list';
import { RefundBadge, RefundList } from '../../../components/refund-list';
import { NextStep } from '../components/next-step';
import { useI18n } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { TitledPage } from '../../../components/titled-page';

export function PaymentHistoryPage() {
  const [page, setPage] = useState(1);
  const payments = useQuery(myPaymentsQuery(page));
  const { t, tk, digits, dateTime } = useI18n();

  return (
    <TitledPage title={PAGE_TITLES.paymentHistory} className="mx-auto max-w-6xl">
      <OwnList
        query={payments}
        loadingLabel="Loading your payments"
        empty="You have no payments yet."
      >
        {(data) => (
          <>
            <div className="overflow-x-auto rounded-box border border-base-200 bg-base-100">
              <table className="table">
                <caption className="sr-only">{t('Your payments, newest first')}</caption>
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">{t('Event Name')}</th>
                    <th scope="col">{t('Raised By')}</th>
                    <th scope="col">{t('Transaction ID')}</th>
                    <th scope="col" className="text-right">
                      {t('Amount')}
                    </th>
                    <th scope="col">{t('Time')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((p, i) => {
                    const at = p.succeededAt ?? p.createdAt;
                    return (
                      <tr key={p.id}>
                        <th scope="row">{digits((data.page - 1) * data.pageSize + i + 1)}</th>
                        <td>
                          <Link to={paths.fund(p.fundId)} className="link-hover font-medium">
                            {p.fundName}
                          </Link>
                        </td>
                        <td>{p.raiserName}</td>
                        <td>
                          <span className="badge badge-outline mr-2 whitespace-nowrap">
                            {PAYMENT_METHOD_NAMES[p.method]}
                          </span>
                          <span className="font-mono text-xs break-all">{p.transactionId}</span>
                        </td>
                        <td className="text-right">
                          <span className="whitespace-nowrap">
                            <Money poisha={p.amountPoisha} />
                            <RefundBadge
                              amountPoisha={p.amountPoisha}
                              refundedPoisha={p.refundedPoisha}
                            />
                          </span>
                          {p.refundedPoisha > 0 && p.refundedPoisha < p.amountPoisha && (
                            <span className="block text-xs text-base-content/80">
                              {t('Refunded {{amount}}', { amount: tk(p.refundedPoisha) })}
                            </span>
                          )}
                          <RefundList refunds={p.refunds} creditNoteHref={creditNoteUrl} />
                          {p.zakat && (
                            <span className="badge badge-outline ml-2">{t('Zakat')}</span>
                          )}
                          <NextStep status={p.status} method={PAYMENT_METHOD_NAMES[p.method]} />
                        </td>
                        <td className="whitespace-nowrap">
                          <time dateTime={at}>{dateTime(at)}</time>
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
              capped={data.capped}
              onPage={setPage}
              label="Payment history pages"
            />
          </>
        )}
      </OwnList>
    </TitledPage>
  );
}
