import pg from 'pg';

export interface StatementNameLimits {
  /** How many distinct statements one process keeps prepared (on each of its connections). */
  maxPrepared: number;
  /** How many not-yet-repeated texts are remembered before that list starts over. */
  maxCandidates: number;
  /** A longer text is a one-off (a bulk insert), never worth a prepared statement. */
  maxText: number;
}

/**
 * Names for repeated statements: a text gets a name the second time it is asked for (a
 * one-off statement stays unnamed), up to `maxPrepared` names, and the same text always
 * the same name, so each connection parses it once and PostgreSQL then reuses its parse
 * and, where that pays, its plan.
 */
export function statementNames(limits: StatementNameLimits): (text: string) => string | undefined {
  const names = new Map<string, string>();
  const seen = new Set<string>();
  return (text) => {
    const known = names.get(text);
    if (known !== undefined) return known;
    if (text.length > limits.maxText || names.size >= limits.maxPrepared) return undefined;
    if (!seen.has(text)) {
      if (seen.size >= limits.maxCandidates) seen.clear();
      seen.add(text);
      return undefined;
    }
    seen.delete(text);
    const name = `ef_${names.size.toString(36)}`;
    names.set(text, name);
    return name;
  };
}

/** The process's statement names: the site's per-request statements are a few dozen shapes. */
const statementName = statementNames({ maxPrepared: 200, maxCandidates: 2_000, maxText: 8_192 });

/**
 * The query as node-postgres is given it (a text with values, or a query config), named
 * when it has parameters and `name` gives it a name. Statements without parameters (several
 * statements in one text among them), a caller's own names and query objects go as they are.
 */
export function namedQuery(
  config: unknown,
  values: unknown,
  name: (text: string) => string | undefined = statementName,
): unknown {
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

/**
 * A node-postgres client that sends repeated parameterised statements as named prepared
 * statements (decision 438): re-parsing and re-planning each statement was a third of the
 * database's processor time on a donation.
 */
export class PreparingClient extends pg.Client {}
Object.defineProperty(PreparingClient.prototype, 'query', {
  value: function query(this: pg.Client, config: unknown, ...rest: unknown[]) {
    return plainQuery.call(this, namedQuery(config, rest[0]), ...rest);
  } satisfies AnyQuery,
  writable: true,
  configurable: true,
});
