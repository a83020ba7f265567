import type { Challenge } from 'altcha-lib';
import { CHALLENGE_ERROR } from '@easyfund/shared/schemas/challenge';
import { MSG } from '@easyfund/shared/texts';

/** Typed domain errors. Services throw these; one handler maps them to HTTP. */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** More of what the client needs, sent beside the code and the message. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Invalid extends DomainError {
  constructor(message: string, fields?: Record<string, string>) {
    super(400, 'invalid_input', message, fields);
  }
}

export class Unauthorized extends DomainError {
  constructor(message: string = MSG.loginFirst) {
    super(401, 'unauthorized', message);
  }
}

export class Forbidden extends DomainError {
  constructor(message = 'You are not allowed to do this') {
    super(403, 'forbidden', message);
  }
}

/**
 * An admin asked to decide on their own request (a fund they raise, their withdrawal or
 * application): another admin must (docs/decisions/015-no-deciding-on-your-own-requests.md).
 */
export class OwnRequest extends DomainError {
  constructor(message: string) {
    super(403, 'own_request', message);
  }
}

export class NotFound extends DomainError {
  constructor(what = 'Resource') {
    super(404, 'not_found', `${what} not found`);
  }
}

export class Conflict extends DomainError {
  constructor(message: string, code = 'conflict') {
    super(409, code, message);
  }
}

/**
 * An admin decided on a version of an item they were not shown (decision 452): 409
 * `changed_since_viewed` with the item's current `version`.
 */
export class ChangedSinceViewed extends DomainError {
  constructor(
    version: number,
    message = 'This changed after you opened it. Look at it again before you decide.',
  ) {
    super(409, 'changed_since_viewed', message, undefined, { version });
  }
}

export class PaymentFailed extends DomainError {
  constructor(message: string, code = 'payment_failed') {
    super(402, code, message);
  }
}

export class TooManyRequests extends DomainError {
  constructor(message = 'Too many requests, please try again later') {
    super(429, 'rate_limited', message);
  }
}

export class Unavailable extends DomainError {
  constructor(message = 'The service is temporarily unavailable, please try again shortly') {
    super(503, 'unavailable', message);
  }
}

/** A provider refused our call for a reason that is ours, not the donor's: 502. */
export class BadGateway extends DomainError {
  constructor(
    message = 'The payment provider could not take this payment right now, please try again later',
  ) {
    super(502, 'bad_gateway', message);
  }
}

/**
 * A request that must first show a solved proof-of-work challenge (decision 454): 403
 * `challenge_required` with a new challenge, which the web app solves and sends back.
 */
export class ChallengeRequired extends DomainError {
  constructor(readonly challenge: Challenge) {
    super(403, CHALLENGE_ERROR.code, CHALLENGE_ERROR.message);
  }
}
