import { ZDonationList } from '../schemas/donations';
import { ZHistoryQuery } from '../schemas/common';
import { endpoint } from './contract';

/** Donations: money that reached a fund, as the giver's history shows it. */
export const donations = {
  mine: endpoint({
    method: 'GET',
    path: '/api/me/donations',
    access: 'signedIn',
    operationId: 'listMyDonations',
    tags: ['donations'],
    summary: 'My Donation History: my succeeded donations, newest first',
    query: ZHistoryQuery,
    response: ZDonationList,
  }),
} as const;
