import { ZIdParam } from '../schemas/common';
import {
  ZAdminSpendingReport,
  ZAdminSpendingReportList,
  ZAdminSpendingReportQuery,
  ZSpendingReport,
  ZSpendingReportDecision,
  ZSpendingReportRequest,
} from '../schemas/spending';
import { endpoint } from './contract';

/**
 * How a paid payout was spent: the raiser's report (text, lines, photos) and the admins'
 * review before it is public under "Where the money went" and e-mailed to the donors who
 * asked for news.
 */
export const spending = {
  create: endpoint({
    method: 'POST',
    path: '/api/withdrawals/:id/spending-report',
    access: 'raiser',
    operationId: 'postSpendingReport',
    tags: ['withdrawals'],
    summary:
      'Report how an own paid payout was spent (text, amounts by line, photos); it waits for an admin',
    params: ZIdParam,
    body: ZSpendingReportRequest,
    status: 201,
    response: ZSpendingReport,
    errors: [404, 409],
  }),
  adminList: endpoint({
    method: 'GET',
    path: '/api/admin/spending-reports',
    access: 'admin',
    operationId: 'listSpendingReportsForReview',
    tags: ['withdrawals'],
    summary: 'Spending reports waiting for review, oldest first (or decided ones, newest first)',
    query: ZAdminSpendingReportQuery,
    response: ZAdminSpendingReportList,
  }),
  decide: endpoint({
    method: 'PATCH',
    path: '/api/admin/spending-reports/:id',
    access: 'admin',
    operationId: 'decideSpendingReport',
    tags: ['withdrawals'],
    summary:
      'Approve (publish and e-mail the donors who asked for news) or deny, with a reason, a spending report',
    params: ZIdParam,
    body: ZSpendingReportDecision,
    response: ZAdminSpendingReport,
    errors: [404, 409],
  }),
} as const;
