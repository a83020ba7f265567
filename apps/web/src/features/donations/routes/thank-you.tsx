import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../lib/link';
import { useParams } from '../../../lib/router';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { myPaymentQuery } from '../../../api/payments';
import { receiptUrl } from '../../../api/receipts';
import { QueryState } from '../../../components/query-state';
import { useI18n } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/title';
import { PENDING_MESSAGE } from '../use-payment-flow';

/** Share links for a fund: Facebook's sharer and WhatsApp's click-to-chat with the text. */
function shareLinks(fundUrl: string, text: string) {
  return [
    {
      label: 'Share on Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(fundUrl)}`,
    },
    {
      label: 'Share on WhatsApp',
      href: `https://wa.me/?text=${encodeURIComponent(`${text} ${fundUrl}`)}`,
    },
  ];
}

export function ThankYouPage() {
  usePageTitle(PAGE_TITLES.thankYou);
  const { t, tk } = useI18n();
  const { paymentId = '' } = useParams();
  const payment = useQuery(myPaymentQuery(paymentId));
  const [copied, setCopied] = useState<boolean | null>(null);

  return (
    <section className="mx-auto max-w-2xl">
      <QueryState
        query={payment}
        loadingLabel={t('Loading your donation')}
        onRetry={() => void payment.refetch()}
      >
        {(p) => {
          const fundUrl = `${window.location.origin}${paths.fund(p.fundId)}`;
          const share = shareLinks(
            fundUrl,
            t('I donated to {{fund}} on Easy Fund. You can help too:', { fund: p.fundName }),
          );
          const copy = async () => {
            try {
              await navigator.clipboard.writeText(fundUrl);
              setCopied(true);
            } catch {
              setCopied(false);
            }
          };
          return (
            <div className="card border border-base-200 bg-base-100 shadow-sm">
              <div className="card-body gap-4">
                <h1 className="text-3xl font-bold">{t('Thank you for your donation!')}</h1>
                {p.status === 'succeeded' || p.status === 'refunded' ? (
                  <>
                    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
                      <dt className="text-base-content/75">{t('Fund')}</dt>
                      <dd className="font-medium">
                        <Link to={paths.fund(p.fundId)} className="link-hover">
                          {p.fundName}
                        </Link>
                      </dd>
                      <dt className="text-base-content/75">{t('Amount')}</dt>
                      <dd className="font-bold text-emerald-800" data-testid="thank-you-amount">
                        {tk(p.amountPoisha)}
                      </dd>
                      <dt className="text-base-content/75">{t('Receipt number')}</dt>
                      <dd className="font-mono" data-testid="receipt-number">
                        {p.receiptNumber}
                      </dd>
                    </dl>
                    <p className="text-sm text-base-content/80">
                      {t('A copy of the receipt was e-mailed to you.')}
                    </p>
                    {p.receiptNumber && (
                      <a
                        href={receiptUrl(p.id)}
                        download={`${p.receiptNumber}.pdf`}
                        className="btn btn-outline btn-sm w-fit"
                      >
                        {t('Download the receipt (PDF)')}
                      </a>
                    )}
                  </>
                ) : (
                  <p role="status">{t(PENDING_MESSAGE)}</p>
                )}

                <div>
                  <h2 className="mb-2 text-lg font-semibold">{t('Share this fund')}</h2>
                  <div className="flex flex-wrap gap-2">
                    {share.map(({ label, href }) => (
                      <a
                        key={label}
                        href={href}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="btn btn-sm"
                      >
                        {t(label)}
                      </a>
                    ))}
                    <button type="button" className="btn btn-sm" onClick={() => void copy()}>
                      {t('Copy link')}
                    </button>
                  </div>
                  <p role="status" className="mt-1 min-h-5 text-sm">
                    {copied === true && t('Link copied')}
                    {copied === false && t('Copy this link: {{url}}', { url: fundUrl })}
                  </p>
                </div>

                <div className="card-actions justify-between">
                  <Link to={paths.donated} className="btn btn-ghost">
                    {t('Donation History')}
                  </Link>
                  <Link to={paths.payFor(p.fundId)} className="btn btn-primary">
                    {t('Donate again')}
                  </Link>
                </div>
              </div>
            </div>
          );
        }}
      </QueryState>
    </section>
  );
}
