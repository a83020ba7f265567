import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { verifications } from '@easyfund/shared/api/verifications';
import type { BodyInputOf } from '@easyfund/shared/api/contract';
import type { TDecisionRequest } from '@easyfund/shared/schemas/fields';
import { call, PAGE_SIZE } from './client';
import { sessionKeys } from './session';
import { userKeys } from './users';

/** Query keys of the verifications resource (fund raiser applications); only this file builds them. */
export const verificationKeys = {
  all: ['verifications'] as const,
  mine: () => [...verificationKeys.all, 'mine'] as const,
  list: (page: number) => [...verificationKeys.all, 'list', { page }] as const,
};

/** The caller's latest application and role. */
export const myVerificationQuery = queryOptions({
  queryKey: verificationKeys.mine(),
  queryFn: () => call(verifications.mine),
});

/** Every application, for admins. */
export const verificationsQuery = (page: number) =>
  queryOptions({
    queryKey: verificationKeys.list(page),
    queryFn: () => call(verifications.list, { query: { page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** A user applies to become a fund raiser. */
export function useApplyForVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof verifications.apply>) =>
      call(verifications.apply, { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: verificationKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.me() }),
      ]),
  });
}

/** An admin approves (the applicant becomes verified) or denies an application. */
export function useDecideVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TDecisionRequest & { id: string }) =>
      call(verifications.decide, { params: { id }, body }),
    // Also after a refusal: an application that changed meanwhile is shown as it is now.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: verificationKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]),
  });
}
