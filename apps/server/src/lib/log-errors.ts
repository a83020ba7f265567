/**
 * How errors are written to the log: the error, its causes and the SQL statement of a
 * failed query, never the query's parameters (names, e-mails, messages, reset tokens).
 * Drizzle puts the parameters both in `params` and in its message; PostgreSQL puts values
 * in `detail` ("Key (email)=(…) already exists") and in some messages (invalid input).
 */

/** Fields of a PostgreSQL error that describe the failure without the values involved. */
const PG_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'routine'];

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  query?: string;
  statusCode?: number;
  cause?: LoggedError;
  [field: string]: unknown;
}

function isFailedQuery(
  o: Record<string, unknown>,
): o is { query: string } & Record<string, unknown> {
  return typeof o.query === 'string' && 'params' in o;
}

/** Marks a record made here, so serialising it again (a logger's serializer) keeps it as is. */
const SERIALIZED = Symbol('serialized error');

export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!err || typeof err !== 'object') return { type: typeof err, message: String(err), stack: '' };
  const o = err as Record<string | symbol, unknown>;
  if (o[SERIALIZED] === true) return err as LoggedError;
  const type = (o.constructor as { name?: string } | undefined)?.name ?? 'Error';
  let message = String(o.message ?? '');
  const out: LoggedError = { type, message, stack: '' };
  if (isFailedQuery(o)) {
    out.query = o.query;
    if (message.includes(o.query) || message.startsWith('Failed query')) {
      message = `Failed query: ${o.query}`;
    }
  }
  if (typeof o.code === 'string' && /^[0-9A-Z]{5}$/.test(o.code)) {
    // A PostgreSQL error: quoted values ('invalid input syntax for type uuid: "…"') go.
    message = message.replace(/"[^"]*"/g, '"…"');
    for (const f of PG_FIELDS) if (typeof o[f] === 'string') out[f] = o[f];
  } else if (typeof o.code === 'string') out.code = o.code;
  out.message = message;
  if (typeof o.statusCode === 'number') out.statusCode = o.statusCode;
  if (typeof o.stack === 'string') {
    // The stack's first lines repeat the message (with the parameters): keep the frames.
    const frames = o.stack.split('\n').filter((l) => /^\s+at /.test(l));
    out.stack = [`${type}: ${message}`, ...frames].join('\n');
  }
  if (o.cause !== undefined && depth < 5) out.cause = serializeError(o.cause, depth + 1);
  Object.defineProperty(out, SERIALIZED, { value: true, enumerable: false });
  return out;
}

function isErrorLike(v: unknown): boolean {
  return (
    v instanceof Error ||
    (!!v && typeof v === 'object' && typeof (v as { message?: unknown }).message === 'string')
  );
}

/**
 * A text written by a library into its own log line: a failed query's parameters
 * ("params: …", after Drizzle's message) and e-mail addresses are cut out.
 */
export function scrubText(text: string): string {
  return text
    .replace(/\n?\s*params:[\s\S]*$/, '')
    .replace(/[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[A-Za-z]{2,}/g, '…@…');
}

/** The fields of a log record with every error in them serialised as above. */
export function withSafeErrors(fields: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = isErrorLike(value) ? serializeError(value) : value;
  }
  return out;
}

/** An error as one line for a person at a terminal: its type and message, no parameters. */
export function errorLine(err: unknown): string {
  const { type, message } = serializeError(err);
  return `${type}: ${message}`;
}

type Level = 'debug' | 'info' | 'warn' | 'error';
export type LevelLog = Record<Level, (obj: object, msg: string) => void>;

/**
 * The identity layer's (better-auth's) logger, written into ours: its message scrubbed,
 * its errors serialised without parameters. Without it, the library prints errors
 * (Drizzle's included, with their parameters) straight to the console.
 */
export function identityLogger(log: LevelLog) {
  return (level: Level, message: string, ...args: unknown[]) => {
    const errors = args.filter(isErrorLike).map((e) => serializeError(e));
    const fields: Record<string, unknown> = { source: 'identity' };
    if (errors[0]) fields.err = errors[0];
    if (errors.length > 1) fields.errors = errors.slice(1);
    log[level](fields, scrubText(String(message)));
  };
}
