import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ChallengeRequired, DomainError, Unavailable } from '../lib/errors';

/** An error and the errors it was caused by, outermost first (cycle-safe). */
function* causeChain(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  const seen = new Set<unknown>();
  let e: unknown = err;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    yield e as { code?: unknown; message?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
}

const DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01', // admin_shutdown
  '57P03', // cannot_connect_now
  '08006',
  '08001',
  '08003',
]);
const DOWN_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|PGlite is closed|Cannot use a pool after calling end/i;

/** True for errors that mean the database cannot be reached right now. */
export function isDatabaseDown(err: unknown): boolean {
  for (const e of causeChain(err)) {
    if (DOWN_CODES.has(String(e.code)) || DOWN_MESSAGE.test(String(e.message ?? ''))) return true;
  }
  return false;
}

/**
 * True when the client went away before its request had arrived whole (a cut-off upload,
 * a closed tab): reading the body fails with the socket's `ECONNRESET` ("aborted"), which
 * says nothing about the database, and nobody is left to answer.
 */
export function clientAborted(request: FastifyRequest): boolean {
  const raw = request.raw;
  return raw.aborted || (raw.destroyed && !raw.complete);
}

/**
 * PostgreSQL errors a request can cause by what it sent rather than by a fault of the
 * server: data exceptions (class 22: invalid text, a number out of range, a NUL byte) and
 * integrity violations (class 23: a missing required value, a duplicate, a broken
 * reference or check). Always 4xx, never 500.
 */
export function pgConstraint(
  err: unknown,
): { status: number; code: string; message: string } | null {
  for (const { code } of causeChain(err)) {
    if (typeof code !== 'string' || !/^2[23][0-9A-Z]{3}$/.test(code)) continue;
    if (code === '23505') return { status: 409, code: 'conflict', message: 'Already exists' };
    if (code === '23503')
      return { status: 409, code: 'conflict', message: 'A related record does not exist' };
    if (code === '23502')
      return { status: 400, code: 'invalid_input', message: 'A required value is missing' };
    return { status: 400, code: 'invalid_input', message: 'Invalid value' };
  }
  return null;
}

function send(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
  details?: Record<string, unknown>,
) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ error: { ...details, code, message, ...(fields ? { fields } : {}) } });
}

/**
 * The errors Fastify answers before any route or hook runs (an undecodable URL, a path
 * parameter over the length limit): the same JSON shape, without echoing the URL.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return send(reply, 414, 'uri_too_long', 'The address is too long');
  }
  if (err.code === 'FST_ERR_BAD_URL') {
    return send(reply, 400, 'bad_url', 'The address is not valid');
  }
  return send(
    reply,
    err.statusCode && err.statusCode < 500 ? err.statusCode : 400,
    'bad_request',
    'Bad request',
  );
}

/** One JSON error shape for every failure; never a stack trace to the client. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(err)) {
        const fields: Record<string, string> = {};
        for (const v of err.validation) {
          const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
          fields[key] ??= v.message ?? 'Invalid value';
        }
        const first = Object.values(fields)[0] ?? 'Invalid input';
        return send(reply, 400, 'invalid_input', first, fields);
      }
      if (err instanceof ChallengeRequired) {
        return send(reply, err.status, err.code, err.message, undefined, {
          challenge: err.challenge,
        });
      }
      if (err instanceof DomainError) {
        return send(reply, err.status, err.code, err.message, err.fields, err.details);
      }
      if (clientAborted(request)) {
        // Not a failure of ours: 499 (nginx's "client closed request"), which nobody reads.
        request.log.info({ code: 'client_aborted' }, 'client aborted');
        return send(reply, 499, 'client_aborted', 'The client closed the request');
      }
      if (isDatabaseDown(err)) {
        request.log.warn({ err }, 'database unavailable');
        reply.header('retry-after', '5');
        const down = new Unavailable();
        return send(reply, down.status, down.code, down.message);
      }
      const constraint = pgConstraint(err);
      if (constraint) return send(reply, constraint.status, constraint.code, constraint.message);
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const code =
          status === 429 ? 'rate_limited' : err.code ? err.code.toLowerCase() : 'bad_request';
        return send(reply, status, code, err.message);
      }
      request.log.error({ err }, 'unhandled error');
      return send(reply, 500, 'internal', 'Something went wrong on our side');
    });
  },
  { name: 'errors' },
);
