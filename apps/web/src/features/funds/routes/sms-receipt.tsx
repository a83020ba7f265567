import { useQuery } from '@tanstack/react-query';
import { useParams } from '../../../lib/router';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { smsLinkQuery, smsReceiptUrl, useStopSms } from '../../../api/sms';
import { Money } from '../../../components/money';
import { useI18n } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/title';
import { SmsLinkPage } from '../components/sms-link-page';

/**
 * The page of a receipt SMS's short link: the receipt to download, and STOP. No sign-in:
 * the signed link is the key.
 */
export function SmsReceiptPage() {
  usePageTitle(PAGE_TITLES.smsReceipt);
  const { t } = useI18n();
  const { token = '' } = useParams();
  const info = useQuery(smsLinkQuery(token));
  const stop = useStopSms(token);
  return (
    <SmsLinkPage
      title={t(PAGE_TITLES.smsReceipt)}
      info={info}
      stop={stop}
      content={(data) => (
        <>
          <p>
            {t('Thank you for your donation to {{fund}}.', { fund: data.fundName })}{' '}
            <Money poisha={data.amountPoisha} />
          </p>
          <a
            className="btn btn-primary"
            href={smsReceiptUrl(token)}
            download={`${data.receiptNumber}.pdf`}
          >
            {t('Download receipt {{number}}', { number: data.receiptNumber })}
          </a>
        </>
      )}
      stoppedText={() => t('We will send no more SMS to this number, except sign-in codes.')}
      stopLabel={() => t('STOP: no more SMS from Easy Fund')}
    />
  );
}
