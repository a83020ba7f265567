import { useQuery } from '@tanstack/react-query';
import { useParams } from '../../../lib/router';
import { sms } from '@easyfund/shared/api/sms';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { urlOf } from '../../../api/client';
import { smsLinkQuery, useStopSms } from '../../../api/sms';
import { Money } from '../../../components/money';
import { PageLoader } from '../../../components/page-loader';
import { useI18n } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/title';

/**
 * The page of a receipt SMS's short link: the receipt to download, and STOP. No sign-in:
 * the signed link is the key. Opening it changes nothing; the button does.
 */
export function SmsReceiptPage() {
  usePageTitle(PAGE_TITLES.smsReceipt);
  const { t } = useI18n();
  const { token = '' } = useParams();
  const info = useQuery(smsLinkQuery(token));
  const stop = useStopSms(token);

  if (info.isPending) return <PageLoader label={t('Loading')} />;
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-bold">{t(PAGE_TITLES.smsReceipt)}</h1>
      {info.isError ? (
        <p role="alert">{t('This link is not valid or has expired.')}</p>
      ) : (
        <>
          <p>
            {t('Thank you for your donation to {{fund}}.', { fund: info.data.fundName })}{' '}
            <Money poisha={info.data.amountPoisha} />
          </p>
          <a
            className="btn btn-primary"
            href={urlOf(sms.receipt, { params: { token } })}
            download={`${info.data.receiptNumber}.pdf`}
          >
            {t('Download receipt {{number}}', { number: info.data.receiptNumber })}
          </a>
          {info.data.stopped ? (
            <p role="status">
              {t('We will send no more SMS to this number, except sign-in codes.')}
            </p>
          ) : (
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={stop.isPending}
              onClick={() => stop.mutate()}
            >
              {t('STOP: no more SMS from Easy Fund')}
            </button>
          )}
          {stop.isError && <p role="alert">{t('Something went wrong!')}</p>}
        </>
      )}
    </section>
  );
}
