import {
  ZFundDonationParams,
  ZHideMessageRequest,
  ZHideMessageResponse,
  ZSupporterList,
  ZSupportersQuery,
} from '../schemas/supporters';
import { ZIdParam } from '../schemas/common';
import { endpoint } from './contract';

/** The donor wall of a fund page: who gave, and their words of support. */
export const supporters = {
  list: endpoint({
    method: 'GET',
    path: '/api/funds/:id/supporters',
    access: 'public',
    operationId: 'listFundSupporters',
    tags: ['supporters'],
    summary:
      'The donor wall: recent donations, top donations or words of support, one page (names shortened, "Anonymous" where chosen)',
    params: ZIdParam,
    query: ZSupportersQuery,
    response: ZSupporterList,
  }),
  hideMessage: endpoint({
    method: 'PATCH',
    path: '/api/funds/:id/supporters/:donationId',
    access: 'signedIn',
    operationId: 'hideSupportMessage',
    tags: ['supporters'],
    summary:
      "Hide a message of support from the wall, or show it again (the fund's raiser or an admin; kept in the audit trail)",
    params: ZFundDonationParams,
    body: ZHideMessageRequest,
    response: ZHideMessageResponse,
    errors: [404],
  }),
} as const;
