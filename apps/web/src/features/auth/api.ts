import { queryOptions } from '@tanstack/react-query';
import type { TLoginForm, TSignUpRequest } from '@easyfund/shared/schemas/auth';
import type { TAuthProviders } from '@easyfund/shared/schemas/common';
import { api } from '../../lib/api';

export const providersQuery = queryOptions({
  queryKey: ['auth-providers'],
  queryFn: () => api.get<TAuthProviders>('/api/auth-providers'),
  staleTime: Infinity,
});

/** `twoFactorRedirect` when the account has two-factor sign-in: a code is asked next. */
export const signInEmail = (body: TLoginForm) =>
  api.post<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', body);

/** Answers the same whether or not the address already has an account; signs nobody in. */
export const signUpEmail = (body: TSignUpRequest) => api.post('/api/auth/sign-up/email', body);

/** The second step of a sign-in with two-factor sign-in on. */
export const verifyTotp = (code: string) =>
  api.post('/api/auth/two-factor/verify-totp', { code, trustDevice: false });
export const verifyBackupCode = (code: string) =>
  api.post('/api/auth/two-factor/verify-backup-code', { code, trustDevice: false });

/** Turning two-factor sign-in on: the app's secret (otpauth URI) and the backup codes. */
export const enableTwoFactor = (password: string) =>
  api.post<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', {
    password,
  });
export const disableTwoFactor = (password: string) =>
  api.post('/api/auth/two-factor/disable', { password });

/** The e-mailed verification link's token, checked by the identity layer. */
export const verifyEmail = (token: string) =>
  api.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);

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
