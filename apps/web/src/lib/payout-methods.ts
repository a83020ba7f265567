import type { PayoutMethod } from '@easyfund/shared/constants';

const BKASH = 'bKash';
const NAGAD = 'Nagad';
const BANK_TRANSFER = 'Bank transfer';

/** How a payout was sent, as people name it (a catalogue key: pass it through t()). */
export const PAYOUT_METHOD_LABEL: Record<PayoutMethod, string> = {
  bkash: BKASH,
  nagad: NAGAD,
  bank: BANK_TRANSFER,
};
