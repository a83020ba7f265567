import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { reports } from '@easyfund/shared/api/reports';
import type { TCreateReportRequest } from '@easyfund/shared/schemas/reports';
import { call, PAGE_SIZE } from './client';

/** Query keys of fund reports; only this file builds them. */
export const reportKeys = {
  all: ['reports'] as const,
  list: (status: 'open' | 'resolved', page: number) =>
    [...reportKeys.all, status, { page }] as const,
};

/** The admins' queue of fund reports. */
export const reportsQuery = (status: 'open' | 'resolved', page: number) =>
  queryOptions({
    queryKey: reportKeys.list(status, page),
    queryFn: () => call(reports.list, { query: { status, page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** "Report this fund". */
export function useReportFund(fundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateReportRequest) =>
      call(reports.create, { params: { id: fundId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}

/** An admin resolves a report (or opens it again). */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'open' | 'resolved' }) =>
      call(reports.resolve, { params: { id }, body: { status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
