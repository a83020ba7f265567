import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { TMe } from '@easyfund/shared/schemas/common';
import {
  type Access,
  type BodyOf,
  type Endpoint,
  errorStatuses,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@easyfund/shared/api/contract';
import { ZApiError } from '@easyfund/shared/schemas/common';
import { requireRole, requireUser } from './auth';

/** Signed in by the session cookie or a bearer token. */
export const SECURITY: { [scheme: string]: string[] }[] = [{ session: [] }, { bearer: [] }];

/** The guard each access level implies. */
const GUARDS: Record<Access, preHandlerAsyncHookHandler | null> = {
  public: null,
  signedIn: requireUser,
  user: requireRole('user'),
  verified: requireRole('verified'),
  admin: requireRole('admin'),
};

/** What a handler receives: the parsed inputs, and the user when the endpoint needs one. */
export interface RouteInput<E extends Endpoint> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  user: E['access'] extends 'public' ? TMe | null : TMe;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  /** Further pre-handlers after the access guard (rate limits, …). */
  preHandler?: preHandlerAsyncHookHandler[];
  /** Raw options passed through to Fastify (e.g. `config`, `bodyLimit`). */
  config?: Record<string, unknown>;
  bodyLimit?: number;
}

/**
 * Registers one endpoint from its contract: path and method, validation of params,
 * query and body, the access guard, the OpenAPI description (security, operationId,
 * the standard error answers) and the response serialisation. The handler returns the
 * response body; the contract's success status is sent.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  handler: (input: RouteInput<E>) => Promise<ResponseOf<E>> | ResponseOf<E>,
  options: RouteOptions = {},
) {
  const guard = GUARDS[e.access];
  const preHandler = [...(guard ? [guard] : []), ...(options.preHandler ?? [])];
  const response: Record<number, unknown> = { [e.status ?? 200]: e.response };
  for (const status of errorStatuses(e)) response[status] = ZApiError;
  app.route({
    method: e.method,
    url: e.path,
    preHandler,
    bodyLimit: options.bodyLimit,
    config: options.config,
    schema: {
      operationId: e.operationId,
      tags: [...e.tags],
      summary: e.summary,
      hide: e.hidden,
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(e.multipart ? { consumes: ['multipart/form-data'] } : {}),
      ...(e.access === 'public' ? {} : { security: SECURITY }),
      response,
    },
    async handler(request, reply) {
      const user =
        e.access === 'public' ? await request.currentUser() : (request.user as TMe | null);
      const result = await handler({
        params: request.params as ParamsOf<E>,
        query: request.query as QueryOf<E>,
        body: request.body as BodyOf<E>,
        user: user as RouteInput<E>['user'],
        request,
        reply,
      });
      if (reply.sent) return reply;
      return reply.status(e.status ?? 200).send(result);
    },
  });
}
