import { ZAdminOverview } from '../schemas/overview';
import { endpoint } from './contract';

/** The admins' overview of giving and of what waits for them. */
export const overview = {
  get: endpoint({
    method: 'GET',
    path: '/api/admin/overview',
    access: 'admin',
    operationId: 'getAdminOverview',
    tags: ['overview'],
    summary:
      'Donation totals (today, 30 days, all time), per day for 90 days and per cause, and the queues',
    response: ZAdminOverview,
  }),
} as const;
