import { ZCsv, ZExportRange } from '../schemas/downloads';
import { endpoint } from './contract';

/**
 * CSV downloads: a donor's own gifts, a raiser's donations, and the admins' payments,
 * refunds and withdrawals.
 */
export const downloads = {
  myGifts: endpoint({
    method: 'GET',
    path: '/api/me/exports/gifts.csv',
    access: 'signedIn',
    operationId: 'exportMyGifts',
    tags: ['exports'],
    summary: 'My own donations as CSV: receipts, refunds with their credit notes, Zakat',
    produces: 'text/csv',
    response: ZCsv,
  }),
  myDonations: endpoint({
    method: 'GET',
    path: '/api/me/exports/donations.csv',
    access: 'raiser',
    operationId: 'exportMyFundDonations',
    tags: ['exports'],
    summary: 'The donations to own funds as CSV (anonymous donors stay anonymous)',
    produces: 'text/csv',
    response: ZCsv,
  }),
  payments: endpoint({
    method: 'GET',
    path: '/api/admin/exports/payments.csv',
    access: 'admin',
    operationId: 'exportPayments',
    tags: ['exports'],
    summary: 'Every payment created in a range of Asia/Dhaka days, as CSV',
    query: ZExportRange,
    produces: 'text/csv',
    response: ZCsv,
  }),
  refunds: endpoint({
    method: 'GET',
    path: '/api/admin/exports/refunds.csv',
    access: 'admin',
    operationId: 'exportRefunds',
    tags: ['exports'],
    summary: 'Every refund or dispute recorded in a range of Asia/Dhaka days, as CSV',
    query: ZExportRange,
    produces: 'text/csv',
    response: ZCsv,
  }),
  withdrawals: endpoint({
    method: 'GET',
    path: '/api/admin/exports/withdrawals.csv',
    access: 'admin',
    operationId: 'exportWithdrawals',
    tags: ['exports'],
    summary: 'Every withdrawal request made in a range of Asia/Dhaka days, as CSV',
    query: ZExportRange,
    produces: 'text/csv',
    response: ZCsv,
  }),
} as const;
