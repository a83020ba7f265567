import type { FastifyReply, FastifyRequest } from 'fastify';
import { challengeKeys, requireSolvedChallenge } from '../identity/challenge';
import { TooManyRequests } from '../../lib/errors';
import { type CountedRequest, hitRateLimits, type LimitRead } from '../../db/rate-limit-store';
import { clientNetwork } from '../../lib/rate-limit-keys';
import { rateLimit, refuseTooMany, userCounterKey } from '../../plugins/rate-limit';
import { mayBeTranId } from './checkout';
import {
  INSTRUMENT_WINDOW_MS,
  instrumentDeclinesKey,
  instrumentState,
  type NetworkMax,
  networkPaymentState,
  PAYMENT_WINDOW_MS,
} from './declines';

const TOO_MANY = 'Too many payment attempts. Please wait a few minutes and try again.';

/**
 * Card-testing protection per person (decision 448): PAYMENT_RATE_LIMIT_MAX payment
 * requests per account in 10 minutes. A network is not counted here: thousands of donors
 * share one carrier-grade NAT address; `slowSuspectNetwork` slows it by its declined
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
 * The same limit as `paymentRateLimit` (the same counter), counted by the request's own
 * first statement instead of one of its own: a donation's intent and confirmation.
 */
export function paymentCount(
  action: 'intent' | 'confirm',
  request: FastifyRequest,
  reply: FastifyReply,
): CountedRequest {
  return {
    key: userCounterKey(action, request.user.id),
    max: request.server.config.PAYMENT_RATE_LIMIT_MAX,
    windowMs: PAYMENT_WINDOW_MS,
    refuse: (retryAfter) => refuseTooMany(reply, retryAfter, TOO_MANY),
  };
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
  const check = suspectNetworkCheck(request);
  if (!check) return;
  const { allowed } = await networkPaymentState(
    request.server.database.db,
    clientNetwork(request.ip),
    check.max,
  );
  if (!allowed) await check.challenge();
}

/**
 * `slowSuspectNetwork`'s check, for a request that reads the network's state in its own
 * first statement (a donation's intent): the network's limits and the challenge a suspect
 * network's donor must have solved. Undefined for a verified donor, whose network is not
 * even read.
 */
export interface SuspectNetworkCheck {
  max: NetworkMax;
  challenge(): Promise<void>;
}

export function suspectNetworkCheck(request: FastifyRequest): SuspectNetworkCheck | undefined {
  // A verified donor passes whatever the network's state: it is not even read.
  if (request.user?.emailVerified) return undefined;
  const { database, config } = request.server;
  return {
    max: {
      declines: config.PAYMENT_NETWORK_DECLINE_MAX,
      unfinished: config.PAYMENT_NETWORK_UNFINISHED_MAX,
    },
    challenge: () =>
      requireSolvedChallenge(
        database.db,
        challengeKeys(config.authSecret),
        config.CHALLENGE_DIFFICULTY,
        request.headers,
      ),
  };
}

/** A card or wallet that was declined too often in a day (decision 454). */
export const instrumentCapped = () =>
  new TooManyRequests(
    'This card or wallet was declined too many times today. Please use another one or try again tomorrow.',
  );

/**
 * The cap of `refuseCappedInstrument`, for a statement that reads it itself (the test
 * processor's card confirmation reads it in the statement that tries the card).
 */
export function instrumentCap(
  request: FastifyRequest,
  reply: FastifyReply,
  instrument: string,
): LimitRead {
  return {
    key: instrumentDeclinesKey(instrument),
    max: request.server.config.PAYMENT_INSTRUMENT_DECLINE_MAX,
    windowMs: INSTRUMENT_WINDOW_MS,
    refuse(retryAfter) {
      reply.header('retry-after', String(retryAfter));
      throw instrumentCapped();
    },
  };
}

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
  // A gateway tran_id (or an older payment's id); anything else names no payment, and
  // shares one counter.
  const payment = mayBeTranId(tranId) ? tranId : 'other';
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
