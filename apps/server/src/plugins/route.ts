import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerAsyncHookHandler,
  RouteOptions as FastifyRouteOptions,
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
  type SuccessStatus,
  successStatuses,
} from '@easyfund/shared/api/contract';
import { ZApiError } from '@easyfund/shared/schemas/common';
import {
  requireAdmin,
  requireRaiser,
  requireRole,
  requireUser,
  requireVerifiedEmail,
} from './session';

/** Signed in by the session cookie or a bearer token (the document's two security schemes). */
export const SECURITY: { [scheme: string]: string[] }[] = [{ session: [] }, { bearer: [] }];

/** Public: anyone (`{}`), and a session when one is sent (a raiser sees their pending fund). */
const PUBLIC_SECURITY = [{}, ...SECURITY];

/** The guard each access level implies. */
const GUARDS: Record<Access, preHandlerAsyncHookHandler | null> = {
  public: null,
  signedIn: requireUser,
  user: requireRole('user'),
  verified: requireRole('verified'),
  raiser: requireRaiser,
  admin: requireAdmin,
};

/** What a handler receives: the parsed inputs, and the user when the endpoint needs one. */
export interface RouteInput<E extends Endpoint> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  /** The parsed body; the raw bytes when the contract says `rawBody`. */
  body: E['rawBody'] extends true ? Buffer : BodyOf<E>;
  /** The signed-in caller; public endpoints ask `currentUser()` instead, when they need one. */
  user: E['access'] extends 'public' ? undefined : TMe;
  /** The caller, or null for a visitor: looked up only when called (a session costs a query). */
  currentUser: () => Promise<TMe | null>;
  /** Answers with another of the contract's success statuses (`otherStatuses`). */
  status: (code: SuccessStatus) => void;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  /** Runs before the request is parsed and validated (an answer ready in a cache). */
  onRequest?: onRequestHookHandler;
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
 * response body; the contract's success status is sent unless the handler chose another
 * of its statuses. A `rawBody` endpoint is registered in its own scope that keeps the
 * body as bytes (for signatures over them).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  /** Returns the response body, or the reply when it answered itself (a cached body, a 503). */
  handler: (
    input: RouteInput<E>,
  ) => Promise<ResponseOf<E> | FastifyReply> | ResponseOf<E> | FastifyReply,
  options: RouteOptions = {},
) {
  const guard = GUARDS[e.access];
  const preHandler = [
    ...(guard ? [guard] : []),
    ...(e.emailVerified ? [requireVerifiedEmail] : []),
    ...(options.preHandler ?? []),
  ];
  const statuses = successStatuses(e);
  const response: Record<number, unknown> = {};
  for (const status of statuses) response[status] = e.response;
  for (const status of errorStatuses(e)) response[status] = e.errorResponses?.[status] ?? ZApiError;
  const definition: FastifyRouteOptions = {
    method: e.method,
    url: e.path,
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
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
      ...(e.produces ? { produces: [e.produces] } : {}),
      security: e.access === 'public' ? PUBLIC_SECURITY : SECURITY,
      response,
    },
    async handler(request, reply) {
      let status = statuses[0]!;
      const result = await handler({
        params: request.params as ParamsOf<E>,
        query: request.query as QueryOf<E>,
        body: (e.rawBody
          ? Buffer.isBuffer(request.body)
            ? request.body
            : Buffer.alloc(0)
          : request.body) as RouteInput<E>['body'],
        user: (e.access === 'public' ? undefined : request.user) as RouteInput<E>['user'],
        currentUser: () => request.currentUser(),
        status(code) {
          if (!statuses.includes(code)) throw new Error(`${e.operationId} does not answer ${code}`);
          status = code;
        },
        request,
        reply,
      });
      if (reply.sent || result === reply) return reply;
      return reply.status(status).send(result);
    },
  };
  if (!e.rawBody) {
    app.route(definition);
    return;
  }
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: options.bodyLimit },
      (_req, body, done) => done(null, body),
    );
    scope.route(definition);
  });
}
