import { ZIdParam } from '../schemas/common';
import { ZFundIdParam } from '../schemas/funds';
import { ZDecisionRequest } from '../schemas/fields';
import {
  ZAdminWithdrawal,
  ZAdminWithdrawalList,
  ZAdminWithdrawalQuery,
  ZDisburseRequest,
  ZFundPayouts,
  ZMyWithdrawals,
  ZPayoutRecord,
  ZWithdrawal,
  ZWithdrawalRequest,
} from '../schemas/withdrawals';
import { endpoint } from './contract';

/**
 * Raisers' withdrawal requests, their review by admins, the payout an admin records
 * (paid, failed, reversed) and the fund page's public trail of payouts.
 */
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
    summary:
      'Approve or deny a pending withdrawal request (a denial with the reason in the feedback)',
    params: ZIdParam,
    body: ZDecisionRequest,
    response: ZAdminWithdrawal,
    errors: [404, 409],
  }),
  payout: endpoint({
    method: 'PATCH',
    path: '/api/admin/withdrawals/:id/payout',
    access: 'admin',
    operationId: 'recordPayout',
    tags: ['withdrawals'],
    summary:
      "Record an approved withdrawal's payout as paid (method, amount, reference, day) or failed, or reverse a paid one",
    params: ZIdParam,
    body: ZPayoutRecord,
    response: ZAdminWithdrawal,
    errors: [404, 409],
  }),
  disburse: endpoint({
    method: 'POST',
    path: '/api/admin/withdrawals/:id/disburse',
    access: 'admin',
    operationId: 'disburseWithdrawal',
    tags: ['withdrawals'],
    summary:
      "Send an approved withdrawal's money through the automated payout provider and record the outcome (paid or failed)",
    params: ZIdParam,
    body: ZDisburseRequest,
    response: ZAdminWithdrawal,
    errors: [404, 409, 502],
  }),
  fundPayouts: endpoint({
    method: 'GET',
    path: '/api/funds/:id/payouts',
    access: 'public',
    operationId: 'listFundPayouts',
    tags: ['withdrawals'],
    summary: 'Where the money went: what a fund raised, each payout and what remains',
    params: ZFundIdParam,
    response: ZFundPayouts,
    errors: [404],
  }),
} as const;
