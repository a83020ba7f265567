import type { z } from 'zod';

/**
 * Who may call an endpoint. The server derives its guard, the OpenAPI `security` and
 * the standard error answers from this; the authorization matrix test reads it.
 * - `public`: anyone, signed in or not
 * - `signedIn`: any signed-in user, whatever the role
 * - `user`: a signed-in user who is neither verified nor an admin (applying to raise funds)
 * - `verified`: a verified fund raiser
 * - `raiser`: a verified fund raiser, or an admin acting on funds they raised themselves
 *   (ownership is checked in the query: a role change never takes away what a person owns)
 * - `admin`: an admin with a verified e-mail (and two-factor sign-in where required)
 */
export type Access = 'public' | 'signedIn' | 'user' | 'verified' | 'raiser' | 'admin';

/** Every access level, for tests and tables that must cover each. */
export const ACCESS_LEVELS: readonly Access[] = [
  'public',
  'signedIn',
  'user',
  'verified',
  'raiser',
  'admin',
];

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Error statuses an endpoint may answer besides the ones its access and inputs imply. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 422 | 429 | 502 | 503;

export type SuccessStatus = 200 | 201 | 202 | 204;

/** One endpoint of the API, described once for the server and the web client. */
export interface Endpoint {
  method: Method;
  /** Fastify-style path: `/api/funds/:id`. */
  path: string;
  access: Access;
  /** The caller's e-mail address must be verified (403 `email_not_verified` otherwise). */
  emailVerified?: boolean;
  /** OpenAPI operationId: unique, camelCase. */
  operationId: string;
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body is multipart/form-data (file uploads); `body` is then not used. */
  multipart?: boolean;
  /** The body is kept as raw bytes (signed provider callbacks); `body` is then not used. */
  rawBody?: boolean;
  /** The success status (default 200). */
  status?: SuccessStatus;
  /** Other success statuses the handler may answer with the same body (e.g. 200 for a no-op). */
  otherStatuses?: readonly SuccessStatus[];
  response: z.ZodType;
  /**
   * The success body is not JSON but a download of this type (streamed by the handler,
   * which answers itself); `response` then describes it as a string.
   */
  produces?: 'text/csv' | 'image/jpeg';
  /** Further error statuses the endpoint answers (404, 409, 429, …). */
  errors?: readonly ErrorStatus[];
  /** Error statuses whose body is not the standard error shape (a health check's 503). */
  errorResponses?: Partial<Record<ErrorStatus, z.ZodType>>;
  /** Kept out of the OpenAPI document (provider callbacks, internal). */
  hidden?: boolean;
}

/** Declares an endpoint, keeping its literal types for the server and the client. */
export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

/** The parsed (output) types of an endpoint's inputs and its response. */
type Parsed<S> = [S] extends [z.ZodType] ? z.output<S> : undefined;
export type ParamsOf<E extends Endpoint> = Parsed<E['params']>;
export type QueryOf<E extends Endpoint> = Parsed<E['query']>;
export type BodyOf<E extends Endpoint> = Parsed<E['body']>;
/** What a client sends (before defaults and coercion). */
type Sent<S> = [S] extends [z.ZodType] ? z.input<S> : undefined;
export type QueryInputOf<E extends Endpoint> = Sent<E['query']>;
export type BodyInputOf<E extends Endpoint> = Sent<E['body']>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

/** The statuses implied by an endpoint's access level and inputs, plus its own. */
export function errorStatuses(e: Endpoint): ErrorStatus[] {
  const set = new Set<ErrorStatus>(e.errors ?? []);
  if (e.params || e.query || e.body || e.multipart) set.add(400);
  if (e.access !== 'public') set.add(401);
  if (
    e.access === 'user' ||
    e.access === 'verified' ||
    e.access === 'raiser' ||
    e.access === 'admin' ||
    e.emailVerified
  )
    set.add(403);
  set.add(503);
  return [...set].sort((a, b) => a - b);
}

/** The success statuses of an endpoint: its usual one first. */
export function successStatuses(e: Endpoint): SuccessStatus[] {
  return [e.status ?? 200, ...(e.otherStatuses ?? [])];
}

/** Fills `:name` segments of a path with encoded values. */
export function fillPath(path: string, params: Record<string, string | number> | undefined) {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(v));
  });
}
