import type { CauseId } from '@easyfund/shared/constants';
import type { FundSort } from '@easyfund/shared/fund-limits';
import { type InfoTopic, PAGES, type PageName } from '@easyfund/shared/pages';

/** A page's address with its `:name` segments filled in (values encoded). */
export function pathOf(name: PageName, params: Record<string, string | number> = {}): string {
  return PAGES[name].path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`missing ${key} for the page ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A query string from the defined, non-empty values ('' when there are none). */
function query(params: Record<string, string | number | undefined>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== '') sp.set(k, String(v));
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/** The id of Manage Payments' held list, the target of the overview's queue link. */
export const HELD_PAYMENTS_ID = 'held-payments';

/** Every internal link of the app, made from the page table. */
export const paths = {
  home: pathOf('home'),
  donateNow: (
    filters: { q?: string; cause?: CauseId; sort?: FundSort; zakat?: boolean; page?: number } = {},
  ) =>
    pathOf('donateNow') +
    query({
      q: filters.q,
      cause: filters.cause,
      sort: filters.sort && filters.sort !== 'newest' ? filters.sort : undefined,
      zakat: filters.zakat ? 1 : undefined,
      page: filters.page && filters.page > 1 ? filters.page : undefined,
    }),
  fund: (id: string) => pathOf('fundDetails', { id }),
  contactUs: pathOf('contactUs'),
  /** The Zakat calculator. */
  zakat: pathOf('zakatCalculator'),
  info: (topic: InfoTopic) => pathOf('info', { topic }),
  /** The login page, coming back to `from` afterwards (put in as given). */
  login: (from?: string) => pathOf('login') + (from === undefined ? '' : `?from=${from}`),
  register: pathOf('register'),
  forgotPassword: pathOf('forgotPassword'),
  resetPassword: pathOf('resetPassword'),
  dashboard: pathOf('dashboard'),
  selectedDonation: pathOf('selectedDonation'),
  /** The pay page of a fund, starting with an amount in whole Tk when given. */
  payFor: (fundId: string, amountTk?: number, zakat?: boolean) =>
    pathOf('payment', { fundId }) + query({ amount: amountTk, zakat: zakat ? 1 : undefined }),
  /** After a succeeded payment: its receipt, sharing the fund, donating again. */
  thankYou: (paymentId: string) => pathOf('thankYou', { paymentId }),
  donated: pathOf('donated'),
  paymentHistory: pathOf('paymentHistory'),
  monthlyGifts: pathOf('monthlyGifts'),
  myData: pathOf('myData'),
  verification: pathOf('verification'),
  requestFund: pathOf('requestFund'),
  raisedFund: pathOf('raisedFund'),
  updateFund: (id: string) => pathOf('updateFund') + query({ id }),
  withdraw: (id: string) => pathOf('withdraw') + query({ id }),
  payoutAccounts: pathOf('payoutAccounts'),
  adminOverview: pathOf('adminOverview'),
  manageUsers: pathOf('manageUsers'),
  manageVerification: pathOf('manageVerification'),
  manageRequestedFund: pathOf('manageRequestedFund'),
  manageWithdrawals: pathOf('manageWithdrawals'),
  managePayments: pathOf('managePayments'),
  managePayoutAccounts: pathOf('managePayoutAccounts'),
  /** Manage Payments' first list: the payments held for review. */
  heldPayments: `${pathOf('managePayments')}#${HELD_PAYMENTS_ID}`,
  messages: pathOf('messages'),
} as const;
