/**
 * Notes the SELECTs the database drivers are sent while `capturing` is set, so a benchmark
 * can EXPLAIN what a request ran. Imported before the server's modules: the server keeps
 * node-postgres's `query` when its database module loads (decision 438), so the note must
 * be in place by then.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface Statement {
  text: string;
  values: unknown[];
}

let captured: Statement[] | undefined;

function record(text: unknown, values: unknown) {
  if (!captured) return;
  const config =
    typeof text === 'object' && text ? (text as { text: string; values?: unknown[] }) : undefined;
  const sqlText = config ? config.text : String(text);
  const params = (config?.values ?? values) as unknown[] | undefined;
  if (/^\s*(select|with)\b/i.test(sqlText))
    captured.push({ text: sqlText, values: Array.isArray(params) ? params : [] });
}

const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  record(args[0], typeof args[1] === 'function' ? undefined : args[1]);
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof clientQuery;

const pgliteQuery = PGlite.prototype.query;
PGlite.prototype.query = function (this: PGlite, ...args: unknown[]) {
  record(args[0], args[1]);
  return (pgliteQuery as (...a: unknown[]) => Promise<unknown>).apply(this, args);
} as typeof pgliteQuery;

/** Runs `fn` and returns what it sent the database. */
export async function statementsOf(fn: () => Promise<unknown>): Promise<Statement[]> {
  captured = [];
  try {
    await fn();
    return captured;
  } finally {
    captured = undefined;
  }
}
