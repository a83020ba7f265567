import { ZCsv, ZExportRange } from '../schemas/exports';
import { endpoint } from './contract';

/** Money out, for the accountant: the payouts recorded in a range of days. */
export const payouts = {
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
