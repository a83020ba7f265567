import { PAYOUT_METHODS } from '@easyfund/shared/constants';
import { useI18n } from '../lib/i18n';
import { PAYOUT_METHOD_LABEL } from '../lib/payout-methods';

/** The options of a select of payout methods (bKash, Nagad, bank transfer). */
export function PayoutMethodOptions() {
  const { t } = useI18n();
  return PAYOUT_METHODS.map((m) => (
    <option key={m} value={m}>
      {t(PAYOUT_METHOD_LABEL[m])}
    </option>
  ));
}
