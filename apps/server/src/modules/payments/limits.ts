import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientNetwork } from '../../lib/rate-limit';
import { rateLimit, refuseTooMany } from '../../plugins/rate-limit';
import { networkPaymentState, PAYMENT_WINDOW_MS } from './declines';

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
 * The embedded test processor's card endpoint, a stand-in for a processor's own: it has
 * no account, only the intent's secret, so it counts per network, ten times the account
 * limit (test cards only: no real card can be tried on it).
 */
export const testCardRateLimit = rateLimit({
  name: 'card',
  per: { network: (config) => 10 * config.PAYMENT_RATE_LIMIT_MAX },
  windowMs: PAYMENT_WINDOW_MS,
  message: TOO_MANY,
});

/**
 * Pre-handler for the requests that start a payment (decision 448): a network whose
 * payments were declined PAYMENT_NETWORK_DECLINE_MAX times in the window (card testing's
 * mark), or which has PAYMENT_NETWORK_UNFINISHED_MAX payments started in the last 10
 * minutes still pending, starts no more until that changes. Counts nothing itself;
 * declines are counted where they are learnt (`markDeclined`).
 */
export async function refuseSuspectNetwork(request: FastifyRequest, reply: FastifyReply) {
  const { database, config } = request.server;
  const { allowed, retryAfter } = await networkPaymentState(
    database.db,
    clientNetwork(request.ip),
    {
      declines: config.PAYMENT_NETWORK_DECLINE_MAX,
      unfinished: config.PAYMENT_NETWORK_UNFINISHED_MAX,
    },
  );
  if (!allowed) refuseTooMany(reply, retryAfter, TOO_MANY);
}
