import { queryOptions } from '@tanstack/react-query';
import type { TLoginForm, TSignUpRequest } from '@easyfund/shared/schemas/auth';
import type { TAuthProviders } from '@easyfund/shared/schemas/common';
import { api } from '../../lib/api';

export const providersQuery = queryOptions({
  queryKey: ['auth-providers'],
  queryFn: () => api.get<TAuthProviders>('/api/auth-providers'),
  staleTime: Infinity,
});

export const signInEmail = (body: TLoginForm) => api.post('/api/auth/sign-in/email', body);

export const signUpEmail = (body: TSignUpRequest) => api.post('/api/auth/sign-up/email', body);

/** Starts a redirect sign-in with Google or the configured OpenID Connect provider. */
export async function startExternalSignIn(kind: 'google' | 'oidc', callbackPath: string) {
  const callbackURL = new URL(callbackPath, window.location.origin).toString();
  const errorCallbackURL = new URL('/login', window.location.origin).toString();
  // Google and the generic OpenID Connect provider both go through the social endpoint.
  const res = await api.post<{ url?: string }>('/api/auth/sign-in/social', {
    provider: kind === 'google' ? 'google' : 'oidc',
    callbackURL,
    errorCallbackURL,
  });
  if (!res.url) throw new Error('The sign-in provider did not answer with an address');
  window.location.assign(res.url);
}

export const requestPasswordReset = (email: string) =>
  api.post('/api/auth/request-password-reset', {
    email,
    redirectTo: new URL('/reset-password', window.location.origin).toString(),
  });

export const resetPassword = (token: string, newPassword: string) =>
  api.post('/api/auth/reset-password', { token, newPassword });
