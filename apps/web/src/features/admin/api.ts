import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Paged, TDecisionRequest } from '@easyfund/shared/schemas/fields';
import type { TAdminFund, TFundEvent } from '@easyfund/shared/schemas/funds';
import type { TAdminUser, TRoleChangeRequest } from '@easyfund/shared/schemas/users';
import type { TAdminVerification } from '@easyfund/shared/schemas/verifications';
import { api, qs } from '../../lib/api';

export const ADMIN_PAGE_SIZE = 20;

export const usersQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'users', { q, page }],
    queryFn: () => api.get<Paged<TAdminUser>>(`/api/admin/users${qs({ q, page })}`),
    placeholderData: keepPreviousData,
  });

export const changeRole = (id: string, role: TRoleChangeRequest['role']) =>
  api.patch<TAdminUser>(`/api/admin/users/${encodeURIComponent(id)}/role`, { role });

export const verificationsQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'verifications', { page }],
    queryFn: () =>
      api.get<Paged<TAdminVerification>>(
        `/api/admin/verifications${qs({ page, pageSize: ADMIN_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });

export const decideVerification = (id: string, body: TDecisionRequest) =>
  api.patch<TAdminVerification>(`/api/admin/verifications/${encodeURIComponent(id)}`, body);

export const fundsQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'funds', { page }],
    queryFn: () =>
      api.get<Paged<TAdminFund>>(`/api/admin/funds${qs({ page, pageSize: ADMIN_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });

export const decideFund = (id: string, body: TDecisionRequest) =>
  api.patch<TAdminFund>(`/api/admin/funds/${encodeURIComponent(id)}`, body);

export const fundEventsQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'funds', id, 'events'],
    queryFn: () =>
      api.get<{ items: TFundEvent[] }>(`/api/admin/funds/${encodeURIComponent(id)}/events`),
  });

/** What the contact form stored (public-site API). */
export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  createdAt: string;
}

export interface NewsletterSubscription {
  id: string;
  email: string;
  createdAt: string;
}

export const contactMessagesQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'contact-messages', { page }],
    queryFn: () =>
      api.get<Paged<ContactMessage>>(
        `/api/admin/contact-messages${qs({ page, pageSize: ADMIN_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });

export const subscriptionsQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'newsletter-subscriptions', { page }],
    queryFn: () =>
      api.get<Paged<NewsletterSubscription>>(
        `/api/admin/newsletter-subscriptions${qs({ page, pageSize: ADMIN_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });
