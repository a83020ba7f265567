import { createHmac } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { CHALLENGE_HEADER } from '@easyfund/shared/schemas/challenge';
import type { Db } from '../../db/client';
import { ChallengeRequired } from '../../lib/errors';
import { hitRateLimit } from '../../db/rate-limit-store';

/** How long a challenge may be solved and used, in seconds. */
const LIFETIME_SECONDS = 300;

/** What the challenges are signed with: two keys of their own, derived from the auth secret. */
export interface ChallengeKeys {
  signature: string;
  keySignature: string;
}

export function challengeKeys(authSecret: string): ChallengeKeys {
  const derive = (label: string) =>
    createHmac('sha256', authSecret).update(`easyfund-challenge:${label}`).digest('hex');
  return { signature: derive('signature'), keySignature: derive('key-signature') };
}

/**
 * A new signed challenge (ALTCHA's proof of work, SHA-256): the browser tries counters
 * from 0 until one gives the key the server chose, about `difficulty / 2` hashes on
 * average; the server checks the answer with one HMAC.
 */
export function issueChallenge(keys: ChallengeKeys, difficulty: number): Promise<Challenge> {
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(difficulty, 1),
    deriveKey,
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.keySignature,
    expiresAt: new Date(Date.now() + LIFETIME_SECONDS * 1000),
  });
}

/**
 * Whether `header` holds a solved challenge of ours that was never used before: its
 * signature, its expiry and its answer are checked, then its nonce is spent in the
 * counters' table (shared by every process), so a replayed solution is refused.
 */
export async function spendSolution(
  db: Db,
  keys: ChallengeKeys,
  header: string | string[] | undefined,
): Promise<boolean> {
  const text = Array.isArray(header) ? header[0] : header;
  if (!text || text.length > 4096) return false;
  let payload: { challenge?: Challenge; solution?: { counter: number; derivedKey: string } };
  try {
    payload = JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as typeof payload;
  } catch {
    return false;
  }
  const { challenge, solution } = payload ?? {};
  if (!challenge?.parameters || typeof challenge.parameters.nonce !== 'string' || !solution)
    return false;
  try {
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: keys.signature,
      hmacKeySignatureSecret: keys.keySignature,
    });
    if (!result.verified) return false;
  } catch {
    return false;
  }
  const spent = await hitRateLimit(
    db,
    `challenge:${challenge.parameters.nonce}`,
    1,
    LIFETIME_SECONDS * 1000,
  );
  return spent.allowed;
}

/**
 * Passes when the request carries a solved, unused challenge; otherwise throws
 * `ChallengeRequired` with a new one.
 */
export async function requireSolvedChallenge(
  db: Db,
  keys: ChallengeKeys,
  difficulty: number,
  headers: Record<string, string | string[] | undefined>,
): Promise<void> {
  if (await spendSolution(db, keys, headers[CHALLENGE_HEADER])) return;
  throw new ChallengeRequired(await issueChallenge(keys, difficulty));
}
