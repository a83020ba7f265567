import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';

/**
 * One access-log line per request, written when its answer has gone: the request (its
 * method, path without the query, host and address, as the `req` serializer gives it),
 * its status and how long it took. Fastify's own are two lines at `info` (the request
 * as it comes in, then its status), each a write to the log: at the default level they
 * cost a cached read about a third of its rate. A request that never gets an answer is
 * cut off by the request timeout, whose 408 is logged like any other. Errors are logged
 * as Fastify logs them.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Line = (...args: unknown[]) => void;
/** The server's logger: pino's, which tells whether a level is written. */
type Logger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger (its lines carry the request's id), made from the server's logger on
 * the first line written at a level the server logs: at the default `warn` most requests
 * write none, and a child logger made for each was a few percent of a cached read.
 */
class RequestLogger {
  #made: Logger | undefined;
  constructor(
    private readonly parent: Logger,
    private readonly bindings: Record<string, unknown>,
  ) {}

  get #logger(): Logger {
    return (this.#made ??= this.parent.child(this.bindings) as Logger);
  }

  #write(level: Level, args: unknown[]) {
    if (this.#made || this.parent.isLevelEnabled(level))
      (this.#logger[level] as Line).apply(this.#logger, args);
  }

  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  silent() {}

  get level(): string {
    return this.#made?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.#logger.level = level;
  }
  isLevelEnabled(level: string): boolean {
    return (this.#made ?? this.parent).isLevelEnabled(level);
  }
  child(bindings: Record<string, unknown>, options?: object): FastifyBaseLogger {
    return this.#logger.child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a request logger made on its first line (above); with a
 * route's own level or serializers, or without pino (no logging), the child at once, as
 * Fastify makes it.
 */
export const requestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) =>
  options.level ||
  options.serializers ||
  typeof (logger as Partial<Logger>).isLevelEnabled !== 'function'
    ? logger.child(bindings, options)
    : (new RequestLogger(logger as Logger, bindings) as unknown as FastifyBaseLogger);
