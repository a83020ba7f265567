import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMe } from '@easyfund/shared/schemas/common';
import { api } from './api';

/** The signed-in user, or null when signed out. */
export const meQuery = queryOptions({
  queryKey: ['me'],
  // /api/session answers `{ user: null }` when signed out (no 401 logged on every page).
  queryFn: async (): Promise<TMe | null> =>
    (await api.get<{ user: TMe | null }>('/api/session')).user,
  staleTime: 60_000,
});

export function useSession() {
  const q = useQuery(meQuery);
  return { user: q.data ?? null, loading: q.isPending, error: q.error };
}

/** A safe in-app return path: only same-site absolute paths. */
export function safeReturnPath(from: string | null | undefined, fallback = '/'): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\'))
    return fallback;
  return from;
}

/** Signs out on the server; the caller refreshes the session query. */
export async function signOut(): Promise<void> {
  await api.post('/api/auth/sign-out');
}

/** Sends a new verification link to the signed-in user's address. */
export async function sendVerificationEmail(email: string): Promise<void> {
  await api.post('/api/auth/send-verification-email', { email });
}
