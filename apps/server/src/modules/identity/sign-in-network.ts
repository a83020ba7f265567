import { APIError } from 'better-auth/api';
import { CHALLENGE_ERROR, CHALLENGE_HEADER } from '@easyfund/shared/schemas/challenge';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { challengeKeys, issueChallenge, spendSolution } from './challenge';
import { hitRateLimit, peekRateLimit } from '../../db/rate-limit-store';

/** Failed sign-ins are counted per network over 10 minutes (decision 454). */
const WINDOW_MS = 10 * 60_000;
const failuresKey = (network: string) => `sign-in-failed:net:${network}`;
const attemptsKey = (network: string) => `sign-in-attempts:net:${network}`;

/**
 * Before a password sign-in: a network whose failed sign-ins reached
 * AUTH_NETWORK_FAILURE_MAX in the window, or whose sign-ins reached ten times
 * AUTH_RATE_LIMIT_MAX in AUTH_RATE_LIMIT_WINDOW, is slowed, never closed — the sign-in
 * must carry a solved proof-of-work challenge (403 `challenge_required` with a new one
 * otherwise), which a browser solves by itself. Honest sign-ins from a carrier-grade NAT
 * address succeed; a flood from it only makes everyone there solve a puzzle.
 */
export async function slowFailingNetwork(
  db: Db,
  config: Config,
  network: string | null | undefined,
  headers: Headers | undefined,
): Promise<void> {
  if (!network) return;
  const [failures, attempts] = await Promise.all([
    peekRateLimit(db, failuresKey(network), config.AUTH_NETWORK_FAILURE_MAX, WINDOW_MS),
    hitRateLimit(
      db,
      attemptsKey(network),
      10 * config.AUTH_RATE_LIMIT_MAX,
      config.AUTH_RATE_LIMIT_WINDOW * 1000,
    ),
  ]);
  if (failures.allowed && attempts.allowed) return;
  const keys = challengeKeys(config.authSecret);
  if (await spendSolution(db, keys, headers?.get(CHALLENGE_HEADER) ?? undefined)) return;
  throw new APIError('FORBIDDEN', {
    code: CHALLENGE_ERROR.code.toUpperCase(),
    message: CHALLENGE_ERROR.message,
    challenge: await issueChallenge(keys, config.CHALLENGE_DIFFICULTY),
  });
}

/** A password sign-in failed: one more against the network it came from. */
export async function countSignInFailure(db: Db, network: string | null | undefined) {
  if (!network) return;
  await hitRateLimit(db, failuresKey(network), 2 ** 31 - 1, WINDOW_MS);
}
