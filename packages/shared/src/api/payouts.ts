import { ZIdParam } from '../schemas/common';
import { ZCsv, ZExportRange } from '../schemas/downloads';
import {
  ZAdminPayoutAccount,
  ZAdminPayoutAccountDetail,
  ZAdminPayoutAccountList,
  ZAdminPayoutAccountQuery,
  ZMyPayoutAccounts,
  ZPayoutAccount,
  ZPayoutAccountCodeResponse,
  ZPayoutAccountDecision,
  ZPayoutAccountRequest,
} from '../schemas/payouts';
import { endpoint } from './contract';

/**
 * Money out: where a raiser's payouts go (their payout accounts, each approved by an
 * admin), and for the accountant the payouts recorded in a range of days.
 */
export const payouts = {
  myAccounts: endpoint({
    method: 'GET',
    path: '/api/me/payout-accounts',
    access: 'raiser',
    operationId: 'listMyPayoutAccounts',
    tags: ['payouts'],
    summary: 'Own payout accounts (numbers masked) with their status and hold',
    response: ZMyPayoutAccounts,
  }),
  addAccount: endpoint({
    method: 'POST',
    path: '/api/me/payout-accounts',
    access: 'raiser',
    emailVerified: true,
    operationId: 'addPayoutAccount',
    tags: ['payouts'],
    summary:
      'Add a bKash or Nagad wallet or a bank account, confirmed again (password, two-factor code or SMS code); an admin approves it and payouts to it wait PAYOUT_ACCOUNT_HOLD_HOURS (24 by default)',
    body: ZPayoutAccountRequest,
    status: 201,
    response: ZPayoutAccount,
    errors: [409, 429],
  }),
  accountCode: endpoint({
    method: 'POST',
    path: '/api/me/payout-accounts/code',
    access: 'raiser',
    emailVerified: true,
    operationId: 'sendPayoutAccountCode',
    tags: ['payouts'],
    summary:
      'Send a code by SMS that confirms adding a payout account to an account that has no password',
    response: ZPayoutAccountCodeResponse,
    errors: [409, 429],
  }),
  removeAccount: endpoint({
    method: 'DELETE',
    path: '/api/me/payout-accounts/:id',
    access: 'raiser',
    operationId: 'removePayoutAccount',
    tags: ['payouts'],
    summary: 'Remove an own payout account: no payout goes to it any more',
    params: ZIdParam,
    response: ZPayoutAccount,
    errors: [404, 409],
  }),
  listAccounts: endpoint({
    method: 'GET',
    path: '/api/admin/payout-accounts',
    access: 'admin',
    operationId: 'listPayoutAccounts',
    tags: ['payouts'],
    summary: "Every payout account (numbers masked), with its owner's verified name",
    query: ZAdminPayoutAccountQuery,
    response: ZAdminPayoutAccountList,
  }),
  getAccount: endpoint({
    method: 'GET',
    path: '/api/admin/payout-accounts/:id',
    access: 'admin',
    operationId: 'getPayoutAccount',
    tags: ['payouts'],
    summary:
      'One payout account with its full number (the viewing is recorded) and its audit trail',
    params: ZIdParam,
    response: ZAdminPayoutAccountDetail,
    errors: [404],
  }),
  decideAccount: endpoint({
    method: 'PATCH',
    path: '/api/admin/payout-accounts/:id',
    access: 'admin',
    operationId: 'decidePayoutAccount',
    tags: ['payouts'],
    summary: 'Approve a pending payout account, or deny it with a reason',
    params: ZIdParam,
    body: ZPayoutAccountDecision,
    response: ZAdminPayoutAccount,
    errors: [404, 409],
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/api/admin/exports/payouts.csv',
    access: 'admin',
    operationId: 'exportPayouts',
    tags: ['exports'],
    summary:
      'Every payout sent in a range of Asia/Dhaka days (one line each: fund, raiser, method, reference, days, amount), as CSV',
    query: ZExportRange,
    produces: 'text/csv',
    response: ZCsv,
  }),
} as const;
