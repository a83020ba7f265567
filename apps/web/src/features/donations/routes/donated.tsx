import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { myDonationsQuery } from '../../../api/donations';
import { creditNoteUrl, receiptUrl } from '../../../api/receipts';
import { Money } from '../../../components/money';
import { Pagination } from '../../../components/pagination';
import { OwnList } from '../../../components/own-list';
import { RefundBadge, RefundList } from '../../../components/refund-list';
import { useI18n } from '../../../lib/i18n';
import { FundCover } from '../../../components/fund-cover';
import { ViewFundLink } from '../../../components/view-fund-link';
import { TitledPage } from '../../../components/titled-page';
import { YearlyStatement } from '../components/yearly-statement';

export function DonatedPage() {
  const [page, setPage] = useState(1);
  const donations = useQuery(myDonationsQuery(page));
  const { t, tk, dateTime } = useI18n();

  return (
    <TitledPage title={PAGE_TITLES.donated} className="mx-auto max-w-6xl">
      <YearlyStatement />
      <OwnList
        query={donations}
        loadingLabel="Loading your donations"
        empty="You have not donated yet."
      >
        {(data) => (
          <>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {data.items.map((d) => (
                <li key={d.id} className="card border border-base-200 bg-base-100 shadow-sm">
                  <FundCover
                    figureClassName="bg-base-200"
                    src={d.fundImage}
                    alt=""
                    loading="lazy"
                  />
                  <div className="card-body gap-2">
                    <h2 className="card-title text-lg">{d.fundName}</h2>
                    <p className="text-sm text-base-content/80">
                      {t('Raised by')}{' '}
                      <span className="font-medium text-base-content">{d.raiserName}</span>
                    </p>
                    <p>
                      {t('Donated:')}{' '}
                      <Money poisha={d.amountPoisha} className="font-bold text-emerald-800" />
                      <RefundBadge
                        amountPoisha={d.amountPoisha}
                        refundedPoisha={d.refundedPoisha}
                      />
                      {d.zakat && <span className="badge badge-outline ml-2">{t('Zakat')}</span>}
                      {d.refundedPoisha > 0 && d.refundedPoisha < d.amountPoisha && (
                        <span className="block text-sm text-base-content/80">
                          {t('Refunded {{amount}}', { amount: tk(d.refundedPoisha) })}
                        </span>
                      )}
                    </p>
                    <RefundList refunds={d.refunds} creditNoteHref={creditNoteUrl} />
                    <p className="text-xs text-base-content/75">
                      <time dateTime={d.donatedAt}>{dateTime(d.donatedAt)}</time>
                    </p>
                    <div className="card-actions mt-2 justify-end">
                      {d.receiptNumber && (
                        <a
                          href={receiptUrl(d.id)}
                          download={`${d.receiptNumber}.pdf`}
                          className="btn btn-outline btn-sm"
                          aria-label={t('Receipt {{number}} (PDF)', { number: d.receiptNumber })}
                        >
                          {t('Receipt')}
                        </a>
                      )}
                      <ViewFundLink
                        fund={{ id: d.fundId, name: d.fundName }}
                        className="btn btn-primary btn-sm"
                      />
                    </div>
                  </div>
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              pageSize={data.pageSize}
              total={data.total}
              capped={data.capped}
              onPage={setPage}
              label="Donation history pages"
            />
          </>
        )}
      </OwnList>
    </TitledPage>
  );
}
