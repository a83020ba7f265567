import { ZIdParam } from '../schemas/common';
import {
  ZCreateReportRequest,
  ZFundReport,
  ZFundReportList,
  ZReportCreated,
  ZReportQuery,
  ZResolveReportRequest,
} from '../schemas/reports';
import { endpoint } from './contract';

/** "Report this fund" and the admins' queue of reports. */
export const reports = {
  create: endpoint({
    method: 'POST',
    path: '/api/funds/:id/reports',
    access: 'signedIn',
    operationId: 'reportFund',
    tags: ['reports'],
    summary: 'Report a fund to the admins: a reason and details',
    params: ZIdParam,
    body: ZCreateReportRequest,
    status: 201,
    response: ZReportCreated,
    errors: [404, 429],
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/admin/fund-reports',
    access: 'admin',
    operationId: 'listFundReports',
    tags: ['reports'],
    summary: 'Reports of funds, open (or resolved) ones, newest first',
    query: ZReportQuery,
    response: ZFundReportList,
  }),
  resolve: endpoint({
    method: 'PATCH',
    path: '/api/admin/fund-reports/:id',
    access: 'admin',
    operationId: 'resolveFundReport',
    tags: ['reports'],
    summary: 'Mark a report resolved (or open again)',
    params: ZIdParam,
    body: ZResolveReportRequest,
    response: ZFundReport,
    errors: [404],
  }),
} as const;
