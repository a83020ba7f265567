import { downloads } from '@easyfund/shared/api/downloads';
import { payouts } from '@easyfund/shared/api/payouts';
import type { TExportRange } from '@easyfund/shared/schemas/downloads';
import { urlOf } from './client';

/*
 * Downloads: the CSV files of one's own giving and of the admins' exports. Each is a plain
 * link (the browser saves the file), its address filled from the downloads contract.
 */

/** The signed-in user's own donations of every kind. */
export const myGiftsCsvUrl = (): string => urlOf(downloads.myGifts);

/** The donations to the raiser's own funds. */
export const myDonationsCsvUrl = (): string => urlOf(downloads.myDonations);

/** What the admins export for a range of days (Asia/Dhaka), each with its endpoint. */
const ADMIN_EXPORTS = {
  payments: downloads.payments,
  refunds: downloads.refunds,
  withdrawals: downloads.withdrawals,
  payouts: payouts.exportCsv,
};
export type AdminExport = keyof typeof ADMIN_EXPORTS;

/** An admin export of a range of days. */
export const adminExportUrl = (kind: AdminExport, range: TExportRange): string =>
  urlOf(ADMIN_EXPORTS[kind], { query: range });
