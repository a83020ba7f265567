import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { sms } from '@easyfund/shared/api/sms';
import { call } from './client';

/** Query keys of the sms resource; only this file builds them. */
export const smsKeys = {
  all: ['sms'] as const,
  outbox: (phoneNumber: string) => [...smsKeys.all, 'outbox', phoneNumber] as const,
  link: (token: string) => [...smsKeys.all, 'link', token] as const,
};

/** Demo only: the last SMS the outbox holds for a number (a real site answers 404). */
export const smsOutboxQuery = (phoneNumber: string) =>
  queryOptions({
    queryKey: smsKeys.outbox(phoneNumber),
    queryFn: () => call(sms.outbox, { query: { phoneNumber } }),
    retry: false,
    refetchInterval: (q) => (q.state.status === 'error' ? false : 2000),
  });

/** What a receipt SMS's link stands for. */
export const smsLinkQuery = (token: string) =>
  queryOptions({
    queryKey: smsKeys.link(token),
    queryFn: () => call(sms.link, { params: { token } }),
    retry: false,
  });

/** STOP: no more SMS to the number. */
export function useStopSms(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(sms.stop, { params: { token } }),
    onSuccess: (data) => queryClient.setQueryData(smsKeys.link(token), data),
  });
}
