import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { supporters } from '@easyfund/shared/api/supporters';
import type { WallView } from '@easyfund/shared/schemas/supporters';
import { call } from './client';

/** Query keys of the donor wall; only this file builds them. */
export const supporterKeys = {
  all: ['supporters'] as const,
  fund: (fundId: string) => [...supporterKeys.all, fundId] as const,
  list: (fundId: string, view: WallView, page: number) =>
    [...supporterKeys.fund(fundId), view, { page }] as const,
};

/** One page of a fund's donor wall (recent, top or words of support). */
export const supportersQuery = (fundId: string, view: WallView, page: number) =>
  queryOptions({
    queryKey: supporterKeys.list(fundId, view, page),
    queryFn: () => call(supporters.list, { params: { id: fundId }, query: { view, page } }),
    placeholderData: keepPreviousData,
    // Admins see donors' names; the raiser and admins see hidden messages.
    meta: { perViewer: true },
  });

/** The fund's raiser or an admin hides a message of support, or shows it again. */
export function useHideMessage(fundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ donationId, hidden }: { donationId: string; hidden: boolean }) =>
      call(supporters.hideMessage, { params: { id: fundId, donationId }, body: { hidden } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supporterKeys.fund(fundId) }),
  });
}
