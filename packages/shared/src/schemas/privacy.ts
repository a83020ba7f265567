import { z } from 'zod';
import { ZPhoneCode } from '../phone';

/** A donor's own data: every row the site keeps about them, table by table. */
export const ZMyData = z.object({
  exportedAt: z.string(),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type TMyData = z.infer<typeof ZMyData>;

const PASSWORD_REQUIRED = 'Enter your password to close your account';
export const CLOSE_MSG = { password: PASSWORD_REQUIRED } as const;

/**
 * Closing an account is confirmed with its password, or, for an account that signs in by
 * an SMS code (no password), with a code sent to its number; with two-factor sign-in on,
 * also with a current second-factor code.
 */
export const ZCloseAccountRequest = z
  .object({
    password: z.string().max(200).optional(),
    code: ZPhoneCode.optional(),
    /** With two-factor sign-in: a code of the authenticator app, or a backup code. */
    secondFactor: z.string().trim().min(6).max(20).optional(),
  })
  .refine((v) => Boolean(v.password) || v.code !== undefined, {
    message: PASSWORD_REQUIRED,
    path: ['password'],
  });
export type TCloseAccountRequest = z.infer<typeof ZCloseAccountRequest>;

export const ZCloseAccountResponse = z.object({ closed: z.literal(true) });

/** The code that confirms closing an account without a password went to this number. */
export const ZCloseCodeResponse = z.object({ sentTo: z.string() });
