import { createHash } from 'node:crypto';
import pg from 'pg';

export interface StatementNameLimits {
  /** How many distinct statements one process keeps prepared (on each of its connections). */
  maxPrepared: number;
  /** How many not-yet-repeated texts are remembered before that list starts over. */
  maxCandidates: number;
  /** A longer text is a one-off (a bulk insert), never worth a prepared statement. */
  maxText: number;
}

/** A statement's name: a digest of its text (the same text has the same name everywhere). */
function statementName(text: string): string {
  return `ef_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
}

/**
 * A text that matches rows against a pattern given as a value (`like $1`, `ilike $2`,
 * `like lower($3)`): the searches. Its best plan depends on the pattern: a rare name is
 * found through the trigram index, a common word by reading in order until the page (or
 * the capped count) is full. A generic plan cannot know which, and PostgreSQL chose one
 * that gathered every match through the index (16,667 funds for a count capped at 1,000,
 * growing with the data), so such a text stays unnamed: planned for its value each time.
 */
const MATCHES_A_VALUE = /\bi?like\s+(?:lower\s*\(\s*)?\$\d/i;

/** Names a statement text, or leaves it unnamed (undefined). */
export type StatementNamer = (text: string) => string | undefined;

/**
 * Names for repeated statements: a text gets a name the second time it is asked for (a
 * one-off statement and a search, `MATCHES_A_VALUE`, stay unnamed), up to `maxPrepared`
 * names. The name is a digest of the text, so a name means one text in every process: a
 * connection shared between processes (a pooler that does not track prepared statements)
 * fails loudly instead of running another process's statement. Each connection then
 * parses a text once, and PostgreSQL reuses the parse and, where that pays, its plan.
 */
export function statementNames(limits: StatementNameLimits): StatementNamer {
  const names = new Map<string, string>();
  const seen = new Set<string>();
  return (text) => {
    const known = names.get(text);
    if (known !== undefined) return known;
    if (text.length > limits.maxText || names.size >= limits.maxPrepared) return undefined;
    if (MATCHES_A_VALUE.test(text)) return undefined;
    if (!seen.has(text)) {
      if (seen.size >= limits.maxCandidates) seen.clear();
      seen.add(text);
      return undefined;
    }
    seen.delete(text);
    const name = statementName(text);
    names.set(text, name);
    return name;
  };
}

/** The process's statement names: the site's per-request statements are a few dozen shapes. */
const processNames = statementNames({ maxPrepared: 200, maxCandidates: 2_000, maxText: 8_192 });

/**
 * The query as node-postgres is given it (a text with values, or a query config), named
 * when it has parameters and `name` gives it a name. Statements without parameters (several
 * statements in one text among them), a caller's own names and query objects go as they are.
 */
export function namedQuery(config: unknown, values: unknown, name: StatementNamer): unknown {
  if (typeof config === 'string') {
    const named = Array.isArray(values) && values.length ? name(config) : undefined;
    return named ? { text: config, name: named } : config;
  }
  if (!config || typeof config !== 'object' || 'submit' in config) return config;
  const query = config as { text?: unknown; name?: unknown; values?: unknown };
  const params = Array.isArray(values) ? values : query.values;
  if (query.name || typeof query.text !== 'string' || !Array.isArray(params) || !params.length)
    return config;
  const named = name(query.text);
  return named ? { ...query, name: named } : config;
}

type AnyQuery = (this: pg.Client, ...args: unknown[]) => unknown;
const plainQuery = pg.Client.prototype.query as AnyQuery;

/** PostgreSQL's "prepared statement does not exist". */
const UNDEFINED_STATEMENT = '26000';

/**
 * A node-postgres client class that sends repeated parameterised statements as named
 * prepared statements (decision 438): re-parsing and re-planning each statement was a
 * third of the database's processor time on a donation.
 */
export function preparingClient(name: StatementNamer = processNames): typeof pg.Client {
  class PreparingClient extends pg.Client {}
  Object.defineProperty(PreparingClient.prototype, 'query', {
    value: function query(this: pg.Client, config: unknown, ...rest: unknown[]) {
      const named = namedQuery(config, rest[0], name);
      const statement = named === config ? undefined : (named as { name: string }).name;
      if (!statement) return plainQuery.call(this, config, ...rest);
      // node-postgres counts a statement as parsed on this connection for as long as the
      // connection lives; one that lost it (a pooler's DISCARD ALL) answers "does not
      // exist", and the next use then parses it again instead of failing for good.
      const forget = (err: unknown) => {
        if ((err as { code?: unknown } | null)?.code !== UNDEFINED_STATEMENT) return;
        const connection = (this as unknown as { connection: { parsedStatements: object } })
          .connection;
        delete (connection.parsedStatements as Record<string, string>)[statement];
      };
      const callbackAt = rest.findIndex((arg) => typeof arg === 'function');
      if (callbackAt >= 0) {
        const callback = rest[callbackAt] as (err: unknown, result: unknown) => void;
        rest[callbackAt] = (err: unknown, result: unknown) => {
          if (err) forget(err);
          callback(err, result);
        };
        return plainQuery.call(this, named, ...rest);
      }
      const result = plainQuery.call(this, named, ...rest) as Promise<unknown>;
      result.catch(forget);
      return result;
    } satisfies AnyQuery,
    writable: true,
    configurable: true,
  });
  return PreparingClient;
}
