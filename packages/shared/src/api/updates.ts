import { ZFundIdParam } from '../schemas/funds';
import { ZIdParam, ZPageQuery } from '../schemas/common';
import { ZUpdateDecisionRequest } from '../schemas/fields';
import {
  ZAdminFundUpdate,
  ZAdminFundUpdateList,
  ZAdminFundUpdateQuery,
  ZCreateFundUpdateRequest,
  ZFundUpdate,
  ZFundUpdateList,
  ZUnsubscribeInfo,
  ZUnsubscribeParam,
} from '../schemas/updates';
import { endpoint } from './contract';

/**
 * Updates from a fund's organiser: the list on the fund page, posting one (which e-mails
 * the donors who asked for news once it is approved), the admins' review of a fund's
 * first update, and the one-click unsubscribe of those e-mails.
 */
export const updates = {
  list: endpoint({
    method: 'GET',
    path: '/api/funds/:id/updates',
    access: 'public',
    operationId: 'listFundUpdates',
    tags: ['updates'],
    summary: "A fund's updates from its organiser, newest first",
    params: ZFundIdParam,
    query: ZPageQuery,
    response: ZFundUpdateList,
    errors: [404],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/funds/:id/updates',
    access: 'raiser',
    operationId: 'postFundUpdate',
    tags: ['updates'],
    summary:
      "Post an update (text, optional image) to an own approved fund, at most 3 a day; a fund's first update waits for an admin, later ones are published at once and e-mailed to donors who asked for news",
    params: ZFundIdParam,
    body: ZCreateFundUpdateRequest,
    status: 201,
    response: ZFundUpdate,
    errors: [404, 409, 429],
  }),
  adminList: endpoint({
    method: 'GET',
    path: '/api/admin/fund-updates',
    access: 'admin',
    operationId: 'listFundUpdatesForReview',
    tags: ['updates'],
    summary: "Funds' first updates waiting for review (or decided ones), oldest first",
    query: ZAdminFundUpdateQuery,
    response: ZAdminFundUpdateList,
  }),
  decide: endpoint({
    method: 'PATCH',
    path: '/api/admin/fund-updates/:id',
    access: 'admin',
    operationId: 'decideFundUpdate',
    tags: ['updates'],
    summary:
      "Approve (publish and e-mail) a fund's first update, or deny it with the reason in the feedback",
    params: ZIdParam,
    body: ZUpdateDecisionRequest,
    response: ZAdminFundUpdate,
    errors: [404, 409],
  }),
  unsubscribeInfo: endpoint({
    method: 'GET',
    path: '/api/updates/unsubscribe/:token',
    access: 'public',
    operationId: 'getUpdatesSubscription',
    tags: ['updates'],
    summary:
      'What an unsubscribe link stops (reading changes nothing: mail clients prefetch links)',
    params: ZUnsubscribeParam,
    response: ZUnsubscribeInfo,
    errors: [404],
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/api/updates/unsubscribe/:token',
    access: 'public',
    operationId: 'unsubscribeFromUpdates',
    tags: ['updates'],
    summary:
      "Stop a fund's update e-mails from a signed link, without signing in (also RFC 8058 one-click)",
    params: ZUnsubscribeParam,
    // Mail clients post `List-Unsubscribe=One-Click` as a form; the page posts nothing.
    rawBody: true,
    response: ZUnsubscribeInfo,
    errors: [404],
  }),
} as const;
