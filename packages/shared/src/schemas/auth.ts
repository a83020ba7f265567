import { z } from 'zod';
import { MSG } from '../texts';

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

export const ZPhotoUrl = z
  .string({ error: MSG.photoRequired })
  .trim()
  .min(1, MSG.photoRequired)
  .max(2048)
  .refine((v) => v === '' || /^(https?:\/\/|\/)/.test(v), 'Photo URL must be a web address');

/** The body our server accepts for e-mail sign-up. */
export const ZSignUpRequest = z.object({
  name: z.string({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(100),
  image: ZPhotoUrl,
  email: ZEmail,
  password: ZPassword,
});
export type TSignUpRequest = z.infer<typeof ZSignUpRequest>;

/** The register form: the sign-up body plus the confirmation field. */
export const ZRegisterForm = z
  .object({
    name: ZSignUpRequest.shape.name,
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
