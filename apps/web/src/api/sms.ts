import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sms } from '@easyfund/shared/api/sms';
import type { TSetSmsPreferencesRequest } from '@easyfund/shared/schemas/sms';
import { call, urlOf } from './client';

/** Query keys of the sms resource; only this file builds them. */
export const smsKeys = {
  all: ['sms'] as const,
  outbox: (phoneNumber: string) => [...smsKeys.all, 'outbox', phoneNumber] as const,
  link: (token: string) => [...smsKeys.all, 'link', token] as const,
  preferences: (userId: string) => [...smsKeys.all, 'preferences', userId] as const,
  notice: (token: string) => [...smsKeys.all, 'notice', token] as const,
  costs: () => [...smsKeys.all, 'costs'] as const,
};

/** Demo only: the last SMS the outbox holds for a number (a real site answers 404). */
export const smsOutboxQuery = (phoneNumber: string) =>
  queryOptions({
    queryKey: smsKeys.outbox(phoneNumber),
    queryFn: () => call(sms.outbox, { query: { phoneNumber } }),
    retry: false,
    refetchInterval: (q) => (q.state.status === 'error' ? false : 2000),
  });

/** The newest SMS the demo's outbox holds for a number (the server answers 404 elsewhere). */
export function useLastSms(phoneNumber: string): string | undefined {
  return useQuery(smsOutboxQuery(phoneNumber)).data?.messages[0]?.text;
}

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

/** The signed-in person's SMS choices and the number they go to. */
export const smsPreferencesQuery = (userId: string) =>
  queryOptions({
    queryKey: smsKeys.preferences(userId),
    queryFn: () => call(sms.preferences),
  });

/** Turns SMS for fund updates or for decisions on or off. */
export function useSetSmsPreferences(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSetSmsPreferencesRequest) => call(sms.setPreferences, { body }),
    onSuccess: (data) => queryClient.setQueryData(smsKeys.preferences(userId), data),
  });
}

/** What an update or decision SMS's link stands for. */
export const smsNoticeQuery = (token: string) =>
  queryOptions({
    queryKey: smsKeys.notice(token),
    queryFn: () => call(sms.notice, { params: { token } }),
    retry: false,
  });

/** STOP from an update or decision SMS's link: no more SMS of that kind. */
export function useStopSmsNotices(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(sms.stopNotices, { params: { token } }),
    onSuccess: (data) => queryClient.setQueryData(smsKeys.notice(token), data),
  });
}

/** Admins: today's SMS count and cost against the ceiling, and its changes. */
export const smsCostsQuery = queryOptions({
  queryKey: smsKeys.costs(),
  queryFn: () => call(sms.costs),
});

/** Admins: sets the SMS daily cost ceiling (Tk). */
export function useSetSmsCeiling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ceilingTk: number) => call(sms.setCeiling, { body: { ceilingTk } }),
    onSuccess: (data) => queryClient.setQueryData(smsKeys.costs(), data),
  });
}

/** Where the receipt a receipt SMS link stands for downloads from (a PDF, a plain link). */
export const smsReceiptUrl = (token: string): string => urlOf(sms.receipt, { params: { token } });
