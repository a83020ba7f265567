import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { users } from '@easyfund/shared/api/users';
import type { TRoleChangeRequest } from '@easyfund/shared/schemas/users';
import { call } from './client';
import { sessionKeys } from './session';

/** Query keys of the users resource; only this file builds them. */
export const userKeys = {
  all: ['users'] as const,
  list: (q: string, page: number) => [...userKeys.all, 'list', { q, page }] as const,
};

/** Users searched by name or e-mail, for admins (the server's page size). */
export const usersQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: userKeys.list(q, page),
    queryFn: () => call(users.list, { query: { q: q || undefined, page } }),
    placeholderData: keepPreviousData,
  });

/** Make Admin / Make Verified; the admin's own session is read again (it may be theirs). */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: TRoleChangeRequest & { id: string }) =>
      call(users.changeRole, { params: { id }, body: { role } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.me() }),
      ]),
  });
}
