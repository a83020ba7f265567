import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { createAuthClient } from 'better-auth/client';
import type { phoneNumberClient, twoFactorClient } from 'better-auth/client/plugins';
import { useCallback } from 'react';
import { session } from '@easyfund/shared/api/session';
import type {
  TAddEmailRequest,
  TLoginForm,
  TSignUpRequest,
} from '@easyfund/shared/schemas/session';
import type { PhoneSignInApi } from '../components/phone-sign-in';
import { api } from '../lib/api';
import { paths } from '../lib/paths';
import { call } from './client';
import { useLastSms } from './sms';

/** Query keys of the session resource; only this file builds them. */
export const sessionKeys = {
  all: ['session'] as const,
  me: () => [...sessionKeys.all, 'me'] as const,
  providers: () => [...sessionKeys.all, 'providers'] as const,
};

/** The signed-in user, or null when signed out. */
export const meQuery = queryOptions({
  queryKey: sessionKeys.me(),
  // GET /api/session answers `{ user: null }` when signed out (no 401 logged on every page).
  queryFn: async () => (await call(session.get)).user,
  staleTime: 60_000,
});

export function useSession() {
  const q = useQuery(meQuery);
  return { user: q.data ?? null, loading: q.isPending, error: q.error };
}

/** Reads the session again (the user's role changed on the server). */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: sessionKeys.me() }),
    [queryClient],
  );
}

/** The external sign-in providers that are configured. */
export const providersQuery = queryOptions({
  queryKey: sessionKeys.providers(),
  queryFn: () => call(session.providers),
  staleTime: Infinity,
});

/* ---------- the identity layer (better-auth, under /api/auth; no contracts of ours) ---------- */

const AUTH = '/api/auth';

/**
 * The identity library's own client with the plugins the server uses (modules/identity/better-auth.ts: phone
 * number, two-factor): its types only. What each call below sends and answers is read from
 * it, so a change of the library's endpoints breaks the build; no client code reaches the
 * pages (the calls go through lib/api.ts like every other).
 */
type AuthClient = ReturnType<
  typeof createAuthClient<{
    plugins: [ReturnType<typeof twoFactorClient>, ReturnType<typeof phoneNumberClient>];
  }>
>;
declare const _client: AuthClient;
/** The client's calls answering with their data (their `throw` option). */
type Thrown = { throw: true };
type SignInEmail = typeof _client.signIn.email<Thrown>;
type VerifyPhoneNumber = typeof _client.phoneNumber.verify<Thrown>;
type SignInSocial = typeof _client.signIn.social<Thrown>;
type EnableTwoFactor = typeof _client.twoFactor.enable<Thrown>;
/** What an identity endpoint answers. */
type AuthAnswer<F extends (...args: never) => unknown> = Awaited<ReturnType<F>>;
/** What an identity endpoint takes. */
type AuthBody<F extends (...args: never) => unknown> = Parameters<F>[0];

/**
 * Signs in with e-mail and password; the session is read again. `twoFactorRedirect`
 * when the account has two-factor sign-in: a code is asked next.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    // With two-factor sign-in on, the plugin answers `{ twoFactorRedirect: true }` instead
    // (its client reads it in a fetch hook; the endpoint's type does not say so).
    mutationFn: (body: TLoginForm) =>
      api.post<
        (AuthAnswer<SignInEmail> & { twoFactorRedirect?: undefined }) | { twoFactorRedirect: true }
      >(`${AUTH}/sign-in/email`, body satisfies AuthBody<SignInEmail>),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.me() }),
  });
}

/** Sends a 6-digit sign-in code by SMS to a Bangladeshi number (same answer for any number). */
export function useSendPhoneCode() {
  return useMutation({
    mutationFn: (phoneNumber: string) => api.post(`${AUTH}/phone-number/send-otp`, { phoneNumber }),
  });
}

/**
 * Signs in with the SMS code (a new number becomes a new account), or, with
 * `addToAccount`, adds the number to the signed-in account.
 */
export function useVerifyPhoneCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { phoneNumber: string; code: string; addToAccount?: boolean }) =>
      api.post<AuthAnswer<VerifyPhoneNumber>>(`${AUTH}/phone-number/verify`, {
        phoneNumber: body.phoneNumber,
        code: body.code,
        ...(body.addToAccount ? { updatePhoneNumber: true } : {}),
      } satisfies AuthBody<VerifyPhoneNumber>),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.me() }),
  });
}

/** Sets the signed-in person's name (the one question a new account from a number is asked). */
export function useUpdateName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post(`${AUTH}/update-user`, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.me() }),
  });
}

/**
 * What the phone sign-in form (components/phone-sign-in.tsx) calls: send a code, check it
 * (signing in, signing up or adding the number), name a new account, and the demo's SMS.
 */
export function usePhoneSignInApi(): PhoneSignInApi {
  const send = useSendPhoneCode();
  const verify = useVerifyPhoneCode();
  const updateName = useUpdateName();
  return {
    send: send.mutateAsync,
    verify: verify.mutateAsync,
    saveName: updateName.mutateAsync,
    useLastSms,
  };
}

/**
 * An account made from a mobile number adds an e-mail address and a password: a link is
 * mailed to the address (the same answer whether or not it is free).
 */
export function useAddEmail() {
  return useMutation({
    mutationFn: (body: TAddEmailRequest) => call(session.addEmail, { body }),
  });
}

/** Creates an account: answers the same whether or not the address already has one, and signs nobody in. */
export function useSignUp() {
  return useMutation({
    mutationFn: (body: TSignUpRequest) => api.post(`${AUTH}/sign-up/email`, body),
  });
}

/** The second step of a sign-in with two-factor sign-in on: a code or a backup code. */
export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, backup }: { code: string; backup: boolean }) =>
      api.post(`${AUTH}/two-factor/${backup ? 'verify-backup-code' : 'verify-totp'}`, {
        code,
        trustDevice: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.me() }),
  });
}

/**
 * Turning two-factor sign-in on: the app's secret (otpauth URI) and the backup codes (the
 * site's second factor is an authenticator app, so the answer is the TOTP one).
 */
export const enableTwoFactor = (password: string) =>
  api.post<Extract<AuthAnswer<EnableTwoFactor>, { totpURI: string }>>(`${AUTH}/two-factor/enable`, {
    password,
  } satisfies AuthBody<EnableTwoFactor>);
export const disableTwoFactor = (password: string) =>
  api.post(`${AUTH}/two-factor/disable`, { password });

/** The e-mailed verification link's token, checked by the identity layer. */
export const verifyEmail = (token: string) =>
  api.get(`${AUTH}/verify-email?token=${encodeURIComponent(token)}`);

/** Sends a new verification link to the signed-in user's address. */
export async function sendVerificationEmail(email: string): Promise<void> {
  await api.post(`${AUTH}/send-verification-email`, { email });
}

/** Sends a reset link to an account's e-mail; the link opens the Reset Password page. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post(`${AUTH}/request-password-reset`, {
        email,
        redirectTo: new URL(paths.resetPassword, window.location.origin).toString(),
      }),
  });
}

/** Sets a new password with the token of a reset link. */
export function useResetPassword() {
  return useMutation({
    mutationFn: ({ token, newPassword }: { token: string; newPassword: string }) =>
      api.post(`${AUTH}/reset-password`, { token, newPassword }),
  });
}

/** Starts a redirect sign-in with Google or the configured OpenID Connect provider. */
export async function startExternalSignIn(kind: 'google' | 'oidc', callbackPath: string) {
  const callbackURL = new URL(callbackPath, window.location.origin).toString();
  const errorCallbackURL = new URL(paths.login(), window.location.origin).toString();
  // Google and the generic OpenID Connect provider both go through the social endpoint.
  const res = await api.post<AuthAnswer<SignInSocial>>(`${AUTH}/sign-in/social`, {
    provider: kind === 'google' ? 'google' : 'oidc',
    callbackURL,
    errorCallbackURL,
  } satisfies AuthBody<SignInSocial>);
  if (!res.url) throw new Error('The sign-in provider did not answer with an address');
  window.location.assign(res.url);
}

/** Signs out on the server; the caller reloads the page (every cached query goes with it). */
export async function signOut(): Promise<void> {
  await api.post(`${AUTH}/sign-out`);
}
