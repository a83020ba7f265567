import { z } from 'zod';

/** A donor's own data: every row the site keeps about them, table by table. */
export const ZMyData = z.object({
  exportedAt: z.string(),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type TMyData = z.infer<typeof ZMyData>;

const PASSWORD_REQUIRED = 'Enter your password to close your account';
export const CLOSE_MSG = { password: PASSWORD_REQUIRED } as const;

/** Closing an account is confirmed with its password. */
export const ZCloseAccountRequest = z.object({
  password: z.string({ error: CLOSE_MSG.password }).min(1, CLOSE_MSG.password).max(200),
});
export type TCloseAccountRequest = z.infer<typeof ZCloseAccountRequest>;

export const ZCloseAccountResponse = z.object({ closed: z.literal(true) });
