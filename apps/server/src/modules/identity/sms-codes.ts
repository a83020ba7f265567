import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { CHALLENGE_ERROR, CHALLENGE_HEADER } from '@easyfund/shared/schemas/challenge';
import { ZPhoneCode, ZPhoneNumber } from '@easyfund/shared/phone';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';
import { challengeKeys, issueChallenge, spendSolution } from './challenge';
import { hitRateLimit } from '../../db/rate-limit-store';

/** The header our server sets with the client's network (modules/identity/better-auth.ts's CLIENT_IP_HEADER). */
const NETWORK_HEADER = 'x-easyfund-client-ip';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** Codes one number may be sent in an hour, whoever asks. */
export const CODES_PER_NUMBER_HOUR = 3;

/**
 * The phone-number plugin's routes that sign in or reset a password with a password for
 * the number: our accounts made from a number have none, and a reset SMS would be one more
 * paid message anyone could trigger.
 */
export const PHONE_ROUTES_CLOSED = new Set([
  '/sign-in/phone-number',
  '/phone-number/request-password-reset',
  '/phone-number/reset-password',
]);

const ZSendCodeBody = z.object({ phoneNumber: ZPhoneNumber });
const ZVerifyBody = z.object({
  phoneNumber: ZPhoneNumber,
  code: ZPhoneCode,
  /** Adds the number to the signed-in account instead of signing in with it. */
  updatePhoneNumber: z.boolean().optional(),
});

/**
 * The body of a code request or a code, in our rules (a 400 with a message per field), the
 * number turned into E.164; nothing else passes (no fields of a new account).
 */
export function phoneBody(path: string, body: unknown) {
  const schema = path === '/phone-number/send-otp' ? ZSendCodeBody : ZVerifyBody;
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data as z.infer<typeof ZVerifyBody>;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  throw new APIError('BAD_REQUEST', {
    code: 'INVALID_INPUT',
    message: Object.values(fields)[0] ?? 'Invalid input',
    fields,
  });
}

const HOURLY_CAP = 'Too many codes for this number. Use the last one, or try again in an hour.';
const DAILY_CAP_MESSAGE = 'Too many codes for this number today. Please try again tomorrow.';

const tooMany = (message: string, retryAfter: number) =>
  new APIError(
    'TOO_MANY_REQUESTS',
    { code: 'RATE_LIMITED', message },
    { 'retry-after': String(retryAfter) },
  );

/**
 * Before a code is made and sent (each SMS costs money; SMS pumping sends codes to
 * premium numbers by the thousand): a network past SMS_NETWORK_DAILY_MAX code requests
 * in a day must solve the proof-of-work challenge for each further one (a carrier-grade
 * NAT address is slowed, never closed: decision 454); a number gets at most 3 codes an
 * hour and SMS_CODE_DAILY_MAX a day, whoever asks. The answers are the same whether or
 * not the number has an account.
 */
export async function limitCodeRequests(
  db: Db,
  config: Config,
  phoneNumber: string,
  headers: Headers | undefined,
): Promise<void> {
  const network = headers?.get(NETWORK_HEADER);
  if (network) {
    const perNetwork = await hitRateLimit(
      db,
      `sms-code:net:${network}`,
      config.SMS_NETWORK_DAILY_MAX,
      DAY_MS,
    );
    if (!perNetwork.allowed) {
      const keys = challengeKeys(config.authSecret);
      if (!(await spendSolution(db, keys, headers?.get(CHALLENGE_HEADER) ?? undefined)))
        throw new APIError('FORBIDDEN', {
          code: CHALLENGE_ERROR.code.toUpperCase(),
          message: CHALLENGE_ERROR.message,
          challenge: await issueChallenge(keys, config.CHALLENGE_DIFFICULTY),
        });
    }
  }
  const hour = await hitRateLimit(
    db,
    `sms-code:phone-hour:${phoneNumber}`,
    CODES_PER_NUMBER_HOUR,
    HOUR_MS,
  );
  if (!hour.allowed) throw tooMany(HOURLY_CAP, hour.retryAfter);
  const day = await hitRateLimit(
    db,
    `sms-code:phone-day:${phoneNumber}`,
    config.SMS_CODE_DAILY_MAX,
    DAY_MS,
  );
  if (!day.allowed) throw tooMany(DAILY_CAP_MESSAGE, day.retryAfter);
}

/**
 * A sign-in with an SMS code: refused for an account that has two-factor sign-in on (its
 * authenticator app is the second factor; an SMS code does not stand in for it).
 */
export async function phoneSignInRules(db: Db, userId: string): Promise<void> {
  const [row] = await db
    .select({ twoFactorEnabled: user.twoFactorEnabled })
    .from(user)
    .where(eq(user.id, userId));
  if (row?.twoFactorEnabled)
    throw new APIError('FORBIDDEN', {
      code: 'TWO_FACTOR_ACCOUNT',
      message:
        'This account uses two-factor sign-in: sign in with your e-mail, password and authenticator code.',
    });
}
