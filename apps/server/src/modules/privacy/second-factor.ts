import { eq } from 'drizzle-orm';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import type { Db } from '../../db/client';
import { twoFactor, user } from '../../db/schema';

/** The identity layer's key for what it stores encrypted (its `secretConfig`). */
export type SecretKey = Parameters<typeof symmetricDecrypt>[0]['key'];

/** Secrets brought from another app are stored as `base32:<secret>` (the identity layer's rule). */
const BASE32_PREFIX = 'base32:';

/**
 * Checks a second-factor code as the two-factor sign-in does: a code of the authenticator
 * app (6 digits, 30 seconds, one step either side), or one of the backup codes, which is
 * then spent (it never works twice, here or at sign-in).
 */
export async function checkSecondFactor(
  db: Db,
  key: SecretKey,
  userId: string,
  code: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: twoFactor.id, secret: twoFactor.secret, backupCodes: twoFactor.backupCodes })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  if (!row) return false;
  const given = code.trim();
  if (/^\d{6}$/.test(given)) {
    const secret = await symmetricDecrypt({ key, data: row.secret });
    const bytes = secret.startsWith(BASE32_PREFIX)
      ? base32.decode(secret.slice(BASE32_PREFIX.length).toUpperCase())
      : secret;
    return createOTP(bytes, { period: 30, digits: 6 }).verify(given);
  }
  let codes: unknown;
  try {
    codes = JSON.parse(await symmetricDecrypt({ key, data: row.backupCodes }));
  } catch {
    return false;
  }
  if (!Array.isArray(codes) || !codes.includes(given)) return false;
  // Spent only if nobody spent it meanwhile (the stored list is still the one read).
  const left = codes.filter((c) => c !== given);
  const spent = await db
    .update(twoFactor)
    .set({ backupCodes: await symmetricEncrypt({ key, data: JSON.stringify(left) }) })
    .where(eq(twoFactor.backupCodes, row.backupCodes))
    .returning({ id: twoFactor.id });
  return spent.length > 0;
}

/**
 * Whether a step that a password (or an SMS code) confirms is refused for want of the second
 * factor: the person has two-factor sign-in on and `code` is not a current code of it, as
 * at sign-in.
 */
export async function secondFactorRefused(
  deps: { db: Db; verifySecondFactor(userId: string, code: string): Promise<boolean> },
  userId: string,
  code: string | undefined,
): Promise<boolean> {
  const [person] = await deps.db
    .select({ twoFactorEnabled: user.twoFactorEnabled })
    .from(user)
    .where(eq(user.id, userId));
  return !!person?.twoFactorEnabled && !(code && (await deps.verifySecondFactor(userId, code)));
}
