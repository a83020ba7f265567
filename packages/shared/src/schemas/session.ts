import { z } from 'zod';
import { normaliseDigits } from '../digits';
import { MSG } from '../texts';
import { isImageRef, nameText } from './fields';
import { ZMe } from './common';

/** Letters and digits only, at least 6, with at least one letter and one number. */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{6,}$/;
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;

export const ZEmail = z
  .string({ error: MSG.invalidEmail })
  .trim()
  .min(1, MSG.invalidEmail)
  .max(254, MSG.invalidEmail)
  .regex(EMAIL_PATTERN, MSG.invalidEmail);

export const ZPassword = z
  .string({ error: MSG.password })
  .max(128, MSG.password)
  .regex(PASSWORD_PATTERN, MSG.password);

export const PHOTO_URL_MESSAGE = 'Photo URL must be an https:// address';

/** A profile photo: an https address or an upload of ours (the same rule as fund images). */
export const ZPhotoUrl = z
  .string({ error: MSG.photoRequired })
  .trim()
  .min(1, MSG.photoRequired)
  .max(2048, PHOTO_URL_MESSAGE)
  .refine((v) => v === '' || isImageRef(v), PHOTO_URL_MESSAGE);

export const NAME_MAX = 100;

/** A person's display name, wherever it is set (sign-up, profile, external sign-in). */
export const ZName = nameText(NAME_MAX, { required: MSG.nameRequired });

/** The body our server accepts for e-mail sign-up. */
export const ZSignUpRequest = z.object({
  name: ZName,
  image: ZPhotoUrl,
  email: ZEmail,
  password: ZPassword,
});
export type TSignUpRequest = z.infer<typeof ZSignUpRequest>;

/** Profile update (`/api/auth/update-user`): the same rules as sign-up for what it sets. */
export const ZUpdateUserRequest = z.object({
  name: ZName.optional(),
  image: ZPhotoUrl.nullable().optional(),
});
export type TUpdateUserRequest = z.infer<typeof ZUpdateUserRequest>;

/** Change password: the new one follows the specification's rule. */
export const ZChangePasswordRequest = z.object({
  currentPassword: z.string({ error: MSG.password }).min(1, MSG.password).max(128),
  newPassword: ZPassword,
  revokeOtherSessions: z.boolean().optional(),
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const TOTP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';

/** A code from an authenticator app, typed in ASCII or Bangla digits (sent as ASCII). */
export const ZTotpCode = z.preprocess(
  normaliseDigits,
  z
    .string({ error: TOTP_CODE_MESSAGE })
    .trim()
    .regex(/^\d{6}$/, TOTP_CODE_MESSAGE),
);

export const BACKUP_CODE_MESSAGE = 'Enter one of your backup codes';

/** A backup code (printed when two-factor sign-in is turned on); Bangla digits read as ASCII. */
export const ZBackupCode = z.preprocess(
  normaliseDigits,
  z
    .string({ error: BACKUP_CODE_MESSAGE })
    .trim()
    .min(4, BACKUP_CODE_MESSAGE)
    .max(64, BACKUP_CODE_MESSAGE),
);

/** The register form: the sign-up body plus the confirmation field. */
export const ZRegisterForm = z
  .object({
    name: ZName,
    photoURL: ZPhotoUrl,
    email: ZEmail,
    password: ZPassword,
    matchPass: ZPassword,
  })
  .refine((v) => v.password === v.matchPass, {
    message: MSG.passwordMismatch,
    path: ['matchPass'],
  });
export type TRegisterForm = z.infer<typeof ZRegisterForm>;

export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZResetPasswordRequest = z.object({
  token: z.string().min(1).max(512),
  newPassword: ZPassword,
});

export const ZResetPasswordForm = z
  .object({ password: ZPassword, matchPass: ZPassword })
  .refine((v) => v.password === v.matchPass, {
    message: MSG.passwordMismatch,
    path: ['matchPass'],
  });
export type TResetPasswordForm = z.infer<typeof ZResetPasswordForm>;

/** The login form: the password rule of the specification applies here too. */
export const ZLoginForm = z.object({ email: ZEmail, password: ZPassword });
export type TLoginForm = z.infer<typeof ZLoginForm>;

/**
 * An account made from a mobile number adds an e-mail address (proved by a link mailed
 * to it) and the password it will sign in with there.
 */
export const ZAddEmailRequest = z.object({ email: ZEmail, password: ZPassword });
export type TAddEmailRequest = z.infer<typeof ZAddEmailRequest>;

/** The profile's form for it: the password typed twice. */
export const ZAddEmailForm = ZAddEmailRequest.extend({ matchPass: ZPassword }).refine(
  (v) => v.password === v.matchPass,
  { message: MSG.passwordMismatch, path: ['matchPass'] },
);
export type TAddEmailForm = z.infer<typeof ZAddEmailForm>;

/** Always the same, whether or not the address is free (it is never said whose it is). */
export const ZAddEmailResponse = z.object({ sent: z.literal(true) });

/** GET /api/session: the signed-in user, or null when signed out. */
export const ZSession = z.object({ user: ZMe.nullable() });

export const ZAuthProviders = z.object({
  google: z.boolean(),
  oidc: z.object({ name: z.string() }).nullable(),
  /** Admin pages and calls need two-factor sign-in on this deployment (https or configured). */
  adminTwoFactorRequired: z.boolean(),
});
export type TAuthProviders = z.infer<typeof ZAuthProviders>;
