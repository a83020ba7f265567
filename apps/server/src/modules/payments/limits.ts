import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientNetwork, hitRateLimits } from '../../lib/rate-limit';
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

/** Notifications about one payment in 10 minutes: the gateway sends one or two, and retries. */
export const NOTICES_PER_PAYMENT = 10;

/**
 * Counts a gateway notification (IPN or the browser's return) against the client's
 * network (IPN_RATE_LIMIT_MAX, decision 456), before anything else is done with it: a
 * flood is refused before it costs even a signature check.
 */
export function countNoticeFromNetwork(request: FastifyRequest) {
  const { database, config } = request.server;
  return hitRateLimits(
    database.db,
    [{ key: `gateway-notice:net:${clientNetwork(request.ip)}`, max: config.IPN_RATE_LIMIT_MAX }],
    PAYMENT_WINDOW_MS,
  );
}

/**
 * Counts a signed notification against its payment (the posted `tran_id`): a genuine one
 * replayed is refused after NOTICES_PER_PAYMENT. Only signed ones count, so forged
 * notices naming someone's payment cannot use up what its own gateway may send.
 */
export function countNoticeForPayment(request: FastifyRequest, tranId: string) {
  // A payment id is a UUID; anything else names no payment, and shares one counter.
  const payment = /^[0-9a-f-]{36}$/i.test(tranId) ? tranId.toLowerCase() : 'other';
  return hitRateLimits(
    request.server.database.db,
    [{ key: `gateway-notice:payment:${payment}`, max: NOTICES_PER_PAYMENT }],
    PAYMENT_WINDOW_MS,
  );
}

/** A refused gateway notification: 429, as any limit. */
export function refuseGatewayNotice(reply: FastifyReply, retryAfter: number): never {
  refuseTooMany(reply, retryAfter, 'Too many notifications. Please wait a few minutes.');
}
