import { ZIdParam } from '../schemas/common';
import { ZDecisionRequest } from '../schemas/fields';
import {
  ZAdminVerification,
  ZAdminVerificationList,
  ZAdminVerificationQuery,
  ZMyVerification,
  ZVerification,
  ZVerificationRequest,
} from '../schemas/verifications';
import { endpoint } from './contract';

/** Be a Fund Raiser applications and their review by admins. */
export const verifications = {
  apply: endpoint({
    method: 'POST',
    path: '/api/verifications',
    access: 'user',
    emailVerified: true,
    operationId: 'applyForVerification',
    tags: ['verifications'],
    summary: 'Apply to become a verified fund raiser (one pending application at a time)',
    body: ZVerificationRequest,
    status: 201,
    response: ZVerification,
    errors: [409],
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/verifications/mine',
    access: 'signedIn',
    operationId: 'getMyVerification',
    tags: ['verifications'],
    summary: "The caller's latest application with its status and feedback",
    response: ZMyVerification,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/admin/verifications',
    access: 'admin',
    operationId: 'listVerifications',
    tags: ['verifications'],
    summary: 'Every application, newest first',
    query: ZAdminVerificationQuery,
    response: ZAdminVerificationList,
  }),
  decide: endpoint({
    method: 'PATCH',
    path: '/api/admin/verifications/:id',
    access: 'admin',
    operationId: 'decideVerification',
    tags: ['verifications'],
    summary:
      'Approve (the applicant becomes verified) or deny a pending application (with the reason in the feedback)',
    params: ZIdParam,
    body: ZDecisionRequest,
    response: ZAdminVerification,
    errors: [404, 409],
  }),
} as const;
