import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

/**
 * Solves a proof-of-work challenge the API asked for (decision 454) with the browser's
 * Web Crypto, without the person doing anything, and returns the header value that
 * proves it: base64 of `{ challenge, solution }`. Null when it could not be solved in time.
 * Loaded only when a challenge comes (it is a chunk of its own).
 */
export async function solvedChallenge(challenge: unknown): Promise<string | null> {
  const solution = await solveChallenge({
    challenge: challenge as Challenge,
    deriveKey,
    timeout: 60_000,
  });
  if (!solution) return null;
  return btoa(JSON.stringify({ challenge, solution }));
}
