import { useTestApp } from '../helper';

/**
 * The people of the payout files (withdrawals, payout accounts, spending reports): an
 * admin, a second admin who decides on the first one's own requests, and a donor whose
 * gifts the raisers withdraw.
 */
export const usePayoutDesk = () =>
  useTestApp({ admin: { role: 'admin' }, otherAdmin: { role: 'admin' }, donor: {} });
