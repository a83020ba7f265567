import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@easyfund/shared/api/messages';
import type { TContactRequest } from '@easyfund/shared/schemas/messages';
import { call, PAGE_SIZE } from './client';

/** Query keys of the messages resource (contact messages, newsletter); only this file builds them. */
export const messageKeys = {
  all: ['messages'] as const,
  contacts: (page: number) => [...messageKeys.all, 'contacts', { page }] as const,
  subscriptions: (page: number) => [...messageKeys.all, 'subscriptions', { page }] as const,
};

/** Messages sent through the contact form, for admins. */
export const contactMessagesQuery = (page: number) =>
  queryOptions({
    queryKey: messageKeys.contacts(page),
    queryFn: () => call(messages.contactList, { query: { page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** Newsletter subscriptions, for admins. */
export const subscriptionsQuery = (page: number) =>
  queryOptions({
    queryKey: messageKeys.subscriptions(page),
    queryFn: () => call(messages.subscriptionList, { query: { page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** Sends a message through the contact form. */
export function useSendContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TContactRequest) => call(messages.contact, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

/** Subscribes an e-mail to the newsletter (`subscribed: false` when it already was). */
export function useSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => call(messages.subscribe, { body: { email } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
