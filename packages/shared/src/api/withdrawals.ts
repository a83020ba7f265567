import { ZIdParam } from '../schemas/common';
import { ZDecisionRequest } from '../schemas/fields';
import {
  ZAdminWithdrawal,
  ZAdminWithdrawalList,
  ZAdminWithdrawalQuery,
  ZMyWithdrawals,
  ZWithdrawal,
  ZWithdrawalRequest,
} from '../schemas/withdrawals';
import { endpoint } from './contract';

/** Raisers' withdrawal requests and their review by admins. */
export const withdrawals = {
  request: endpoint({
    method: 'POST',
    path: '/api/withdrawals',
    access: 'raiser',
    emailVerified: true,
    operationId: 'requestWithdrawal',
    tags: ['withdrawals'],
    summary: 'Request a withdrawal from an own fund, up to its available balance',
    body: ZWithdrawalRequest,
    status: 201,
    response: ZWithdrawal,
    errors: [404],
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/me/withdrawals',
    access: 'raiser',
    operationId: 'listMyWithdrawals',
    tags: ['withdrawals'],
    summary: 'Own withdrawal requests with status and feedback',
    response: ZMyWithdrawals,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/admin/withdrawals',
    access: 'admin',
    operationId: 'listWithdrawals',
    tags: ['withdrawals'],
    summary: 'Every withdrawal request, newest first',
    query: ZAdminWithdrawalQuery,
    response: ZAdminWithdrawalList,
  }),
  decide: endpoint({
    method: 'PATCH',
    path: '/api/admin/withdrawals/:id',
    access: 'admin',
    operationId: 'decideWithdrawal',
    tags: ['withdrawals'],
    summary: 'Approve or deny a pending withdrawal request',
    params: ZIdParam,
    body: ZDecisionRequest,
    response: ZAdminWithdrawal,
    errors: [404, 409],
  }),
} as const;
