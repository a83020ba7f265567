import { ZIdParam } from '../schemas/common';
import { ZDecisionRequest } from '../schemas/fields';
import {
  ZAdminFund,
  ZAdminFundList,
  ZAdminFundQuery,
  ZCreateFundRequest,
  ZFundEventList,
  ZFundIdParam,
  ZJpeg,
  ZFundList,
  ZFundListQuery,
  ZFundPublic,
  ZHoldRequest,
  ZMyFundsResponse,
  ZOwnFund,
  ZUpdateFundRequest,
} from '../schemas/funds';
import { endpoint } from './contract';

/**
 * Funds: the public list and page, a raiser's own funds (request, edit, My Raised
 * Fund), and the admins' decisions on fund requests with each fund's audit trail.
 */
export const funds = {
  /* ---------- public reads ---------- */
  list: endpoint({
    method: 'GET',
    path: '/api/funds',
    access: 'public',
    operationId: 'listFunds',
    tags: ['funds'],
    summary: 'Approved funds, newest first, with search, cause filter and pages',
    query: ZFundListQuery,
    response: ZFundList,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/funds/:id',
    access: 'public',
    operationId: 'getFund',
    tags: ['funds'],
    summary: 'One fund: approved, or pending/denied for its raiser and admins',
    params: ZFundIdParam,
    response: ZFundPublic,
    errors: [404],
  }),
  shareImage: endpoint({
    method: 'GET',
    path: '/api/funds/:id/share-image.jpg',
    access: 'public',
    operationId: 'getFundShareImage',
    tags: ['funds'],
    summary: "An approved fund's picture for link previews (the page's og:image): JPEG, 1200 × 630",
    params: ZFundIdParam,
    response: ZJpeg,
    produces: 'image/jpeg',
    errors: [404],
  }),

  /* ---------- a raiser's own funds ---------- */
  create: endpoint({
    method: 'POST',
    path: '/api/funds',
    access: 'verified',
    operationId: 'createFund',
    tags: ['funds'],
    summary: 'Request a fund (verified raisers); it waits for an admin as pending',
    body: ZCreateFundRequest,
    status: 201,
    response: ZOwnFund,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/funds/:id',
    access: 'raiser',
    operationId: 'updateFund',
    tags: ['funds'],
    summary:
      'Update Your Fund: edit an own fund (kept in the audit trail); material edits of an approved fund wait for review',
    params: ZIdParam,
    body: ZUpdateFundRequest,
    response: ZOwnFund,
    errors: [404],
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/me/funds',
    access: 'raiser',
    operationId: 'listMyFunds',
    tags: ['funds'],
    summary: 'My Raised Fund: own funds with donations, raised, status, feedback and balance',
    response: ZMyFundsResponse,
  }),
  getMine: endpoint({
    method: 'GET',
    path: '/api/me/funds/:id',
    access: 'raiser',
    operationId: 'getMyFund',
    tags: ['funds'],
    summary: 'One own fund',
    params: ZIdParam,
    response: ZOwnFund,
    errors: [404],
  }),

  /* ---------- admins' decisions ---------- */
  adminList: endpoint({
    method: 'GET',
    path: '/api/admin/funds',
    access: 'admin',
    operationId: 'listAllFunds',
    tags: ['funds'],
    summary: 'Every fund, any status, newest first',
    query: ZAdminFundQuery,
    response: ZAdminFundList,
  }),
  decide: endpoint({
    method: 'PATCH',
    path: '/api/admin/funds/:id',
    access: 'admin',
    operationId: 'decideFund',
    tags: ['funds'],
    summary:
      'Approve a pending fund request (optional feedback) or deny it (feedback required: the reason)',
    params: ZIdParam,
    body: ZDecisionRequest,
    response: ZAdminFund,
    errors: [404, 409],
  }),
  decideChange: endpoint({
    method: 'PATCH',
    path: '/api/admin/funds/:id/change',
    access: 'admin',
    operationId: 'decideFundChange',
    tags: ['funds'],
    summary:
      "Approve an approved fund's pending edit (name, image, story, goal), or deny it with the reason in the feedback",
    params: ZIdParam,
    body: ZDecisionRequest,
    response: ZAdminFund,
    errors: [404],
  }),
  hold: endpoint({
    method: 'PUT',
    path: '/api/admin/funds/:id/hold',
    access: 'admin',
    operationId: 'holdFund',
    tags: ['funds'],
    summary:
      'Suspend or close a fund with a reason shown on its page (donations stop), or lift a suspension',
    params: ZIdParam,
    body: ZHoldRequest,
    response: ZAdminFund,
    errors: [404, 409],
  }),
  events: endpoint({
    method: 'GET',
    path: '/api/admin/funds/:id/events',
    access: 'admin',
    operationId: 'listFundEvents',
    tags: ['funds'],
    summary: "A fund's audit trail: who changed what, when, before → after",
    params: ZIdParam,
    response: ZFundEventList,
    errors: [404],
  }),
} as const;
