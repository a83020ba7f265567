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

export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!err || typeof err !== 'object') return { type: typeof err, message: String(err), stack: '' };
  const o = err as Record<string, unknown>;
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
  return out;
}
