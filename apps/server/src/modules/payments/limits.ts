import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientNetwork } from '../../lib/rate-limit';
import { rateLimit } from '../../plugins/rate-limit';
import { challengeKeys, requireSolvedChallenge } from '../../lib/challenge';
import { TooManyRequests } from '../../lib/errors';
import { instrumentState, networkPaymentState, PAYMENT_WINDOW_MS } from './declines';

const TOO_MANY = 'Too many payment attempts. Please wait a few minutes and try again.';

/**
 * Card-testing protection per person (decision 448): PAYMENT_RATE_LIMIT_MAX payment
 * requests per account in 10 minutes. A network is not counted here: thousands of donors
 * share one carrier-grade NAT address; `refuseSuspectNetwork` limits it by its declined
 * and unfinished payments.
 */
export function paymentRateLimit(action: 'intent' | 'confirm' | 'checkout') {
  return rateLimit({
    name: action,
    per: { user: (config) => config.PAYMENT_RATE_LIMIT_MAX },
    windowMs: PAYMENT_WINDOW_MS,
    message: TOO_MANY,
  });
}

/**
 * Pre-handler for the requests that start a payment (decisions 448, 454): a network whose
 * payments were declined PAYMENT_NETWORK_DECLINE_MAX times in the window (card testing's
 * mark), or which has PAYMENT_NETWORK_UNFINISHED_MAX payments started in the last 10
 * minutes still pending, is slowed, never closed: a donor with a verified e-mail address
 * goes on as before, anyone else must first solve a proof-of-work challenge (403
 * `challenge_required`; the web app solves it and retries). Counts nothing itself;
 * declines are counted where they are learnt (`markDeclined`).
 */
export async function slowSuspectNetwork(request: FastifyRequest) {
  const { database, config } = request.server;
  const { allowed } = await networkPaymentState(database.db, clientNetwork(request.ip), {
    declines: config.PAYMENT_NETWORK_DECLINE_MAX,
    unfinished: config.PAYMENT_NETWORK_UNFINISHED_MAX,
  });
  if (allowed || request.user?.emailVerified) return;
  await requireSolvedChallenge(
    database.db,
    challengeKeys(config.authSecret),
    config.CHALLENGE_DIFFICULTY,
    request.headers,
  );
}

/** A card or wallet that was declined too often in a day (decision 454). */
export const instrumentCapped = () =>
  new TooManyRequests(
    'This card or wallet was declined too many times today. Please use another one or try again tomorrow.',
  );

/**
 * Refuses a card or wallet whose declines reached PAYMENT_INSTRUMENT_DECLINE_MAX in its
 * day, whichever account or network tries it (decision 454): 429 with `retry-after`.
 */
export async function refuseCappedInstrument(
  request: FastifyRequest,
  reply: FastifyReply,
  instrument: string,
) {
  const { database, config } = request.server;
  const { allowed, retryAfter } = await instrumentState(
    database.db,
    instrument,
    config.PAYMENT_INSTRUMENT_DECLINE_MAX,
  );
  if (allowed) return;
  reply.header('retry-after', String(retryAfter));
  throw instrumentCapped();
}
