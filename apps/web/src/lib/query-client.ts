import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { IDENTITY_ERRORS, TWO_FACTOR_PAGE } from '@easyfund/shared/identity';
import { ApiError } from './api';
import { pageScope } from './page-scope';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * The answer depends on who asks (a raiser may post, an admin sees donors' names):
       * the server's first render asks as an anonymous visitor, so the browser takes that
       * answer for its first render only and asks again for its own (lib/page-data.ts).
       */
      perViewer?: boolean;
    };
  }
}

/** An admin call refused for want of two-factor sign-in sends the admin to its set-up page. */
function onError(err: unknown) {
  if (
    err instanceof ApiError &&
    err.code === IDENTITY_ERRORS.twoFactorRequired.code &&
    window.location.pathname !== TWO_FACTOR_PAGE
  ) {
    window.location.assign(`${TWO_FACTOR_PAGE}?required=admin`);
  }
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, err) =>
        !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
  },
});

/** The cache a route loader fills: the app's, or the server render's for its request. */
export const loaderQueryClient = (): QueryClient => pageScope().queryClient ?? queryClient;
