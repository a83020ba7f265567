import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtOnce } from '../src/db/built-once';
import type { Db } from '../src/db/client';
import { namedQuery, preparingClient, statementNames } from '../src/db/prepared-statements';
import { createPostgresDatabase, TEST_DB_KIND } from './helper';

describe('statement names', () => {
  const limits = { maxPrepared: 2, maxCandidates: 3, maxText: 40 };

  it('names a text the second time it is sent, and always with the same name', () => {
    const name = statementNames(limits);
    expect(name('select $1')).toBeUndefined();
    const first = name('select $1');
    expect(first).toMatch(/^ef_[0-9a-f]{24}$/);
    // The same text has the same name in every process.
    const elsewhere = statementNames(limits);
    elsewhere('select $1');
    expect(elsewhere('select $1')).toBe(first);
    expect(name('select $1')).toBe(first);
    expect(name('select $1 + 1')).toBeUndefined();
    expect(name('select $1 + 1')).not.toBe(first);
  });

  it('leaves long texts and texts past the limit unnamed', () => {
    const name = statementNames(limits);
    const long = `select ${'$1, '.repeat(20)}1`;
    name(long);
    expect(name(long)).toBeUndefined();
    for (const text of ['a $1', 'a $1', 'b $1', 'b $1', 'c $1']) name(text);
    // a and b took the two names; c is past the limit, however often it comes.
    expect(name('c $1')).toBeUndefined();
    expect(name('c $1')).toBeUndefined();
    expect(name('a $1')).toMatch(/^ef_/);
    expect(name('b $1')).toMatch(/^ef_/);
  });

  it('leaves a search unnamed: it is planned for its pattern each time', () => {
    const name = statementNames({ ...limits, maxText: 1_000 });
    for (const text of [
      'select id from funds f where exists (select 1 from fund_search_texts s where s.fund_id = f.id and s.search_text like lower($1)) limit $2',
      'select count(*) from "user" where phone_number ilike $1',
      'select 1 where a LIKE $3',
    ]) {
      name(text);
      expect(name(text)).toBeUndefined();
    }
    // A pattern written in the text is the same pattern every time.
    const fixed = 'select id from "user" where email like \'%@demo.invalid\' and id = $1';
    name(fixed);
    expect(name(fixed)).toMatch(/^ef_/);
  });

  it('forgets one-off texts once its list is full', () => {
    const name = statementNames(limits);
    for (const text of ['1 $1', '2 $1', '3 $1', '4 $1']) name(text);
    // The list started over at the fourth: the first is new again.
    expect(name('1 $1')).toBeUndefined();
    expect(name('4 $1')).toMatch(/^ef_/);
  });

  it('names only parameterised statements, and leaves the caller’s own names and query objects', () => {
    const name = statementNames({ ...limits, maxText: 1_000 });
    const twice = (config: unknown, values?: unknown) => {
      namedQuery(config, values, name);
      return namedQuery(config, values, name);
    };
    expect(twice('select 1; select 2')).toBe('select 1; select 2');
    expect(twice('select $1', [])).toBe('select $1');
    expect(twice('select $1', [1])).toMatchObject({ text: 'select $1', name: /^ef_/ });
    expect(twice({ text: 'select $1::int', values: [1] })).toMatchObject({ name: /^ef_/ });
    expect(twice({ text: 'select $1::int', values: [1], name: 'mine' })).toMatchObject({
      name: 'mine',
    });
    const submittable = { text: 'select $1', submit() {} };
    expect(twice(submittable, [1])).toBe(submittable);
    // A query Drizzle built once (`.prepare('')`, builtOnce) is named like any other.
    expect(twice({ name: '', text: 'select $1::text', types: {} }, [1])).toMatchObject({
      name: /^ef_/,
    });
  });

  it('builds a statement once per database (or transaction)', () => {
    let builds = 0;
    const query = builtOnce(() => ++builds);
    const [one, other] = [{}, {}] as Db[];
    expect([query(one!), query(one!), query(other!), query(one!)]).toEqual([1, 1, 2, 1]);
  });
});

describe.runIf(TEST_DB_KIND === 'postgres')('prepared statements on PostgreSQL', () => {
  let drop: () => Promise<void>;
  let pool: pg.Pool;

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    // Names of its own: the process's 200 may be taken by the test files before this one.
    const Client = preparingClient(
      statementNames({ maxPrepared: 50, maxCandidates: 100, maxText: 8_192 }),
    );
    pool = new pg.Pool({ Client, connectionString: created.url, max: 1 });
  });
  afterAll(async () => {
    await pool.end();
    await drop();
  });

  const prepared = async (text: string) =>
    (
      await pool.query<{ n: number }>(
        'select count(*)::int as n from pg_prepared_statements where statement = $1',
        [text],
      )
    ).rows[0]!.n;

  it('parses a repeated statement once per connection and answers each call with its own values', async () => {
    const text = 'select $1::int * 2 as doubled';
    const answers = [];
    for (const n of [1, 2, 3]) answers.push((await pool.query(text, [n])).rows[0].doubled);
    expect(answers).toEqual([2, 4, 6]);
    expect(await prepared(text)).toBe(1);
  });

  it('keeps a prepared statement across a rolled-back transaction and a failed statement', async () => {
    const text = 'select 10 / $1::int as q';
    await pool.query(text, [2]);
    const client = await pool.connect();
    try {
      await client.query('begin');
      expect((await client.query(text, [5])).rows[0].q).toBe(2);
      await expect(client.query(text, [0])).rejects.toThrow(/division by zero/);
      await client.query('rollback');
      expect((await client.query(text, [10])).rows[0].q).toBe(1);
    } finally {
      client.release();
    }
    expect(await prepared(text)).toBe(1);
  });

  it('survives a statement that fails to parse, twice', async () => {
    const text = 'select $1::int frm nowhere';
    await expect(pool.query(text, [1])).rejects.toThrow(/syntax error/);
    await expect(pool.query(text, [1])).rejects.toThrow(/syntax error/);
    await expect(pool.query(text, [1])).rejects.toThrow(/syntax error/);
    expect((await pool.query('select $1::int + 1 as n', [1])).rows[0].n).toBe(2);
  });

  it('parses a statement again after the connection lost it (a pooler’s DISCARD ALL)', async () => {
    const text = 'select $1::text as v';
    // A checked-out connection, as a transaction holds one (the pool would drop a
    // connection whose query failed; this one stays).
    const client = await pool.connect();
    try {
      await client.query(text, ['a']);
      expect((await client.query(text, ['b'])).rows[0].v).toBe('b');
      await client.query('discard all');
      // node-postgres still counts it as parsed: the next call fails with PostgreSQL's
      // "does not exist", the one after prepares it again, and every later call succeeds.
      await expect(client.query(text, ['c'])).rejects.toMatchObject({ code: '26000' });
      for (const v of ['d', 'e']) expect((await client.query(text, [v])).rows[0].v).toBe(v);
    } finally {
      client.release();
    }
    expect(await prepared(text)).toBe(1);
  });

  it('keeps a statement usable after a value node-postgres could not send', async () => {
    const text = 'select $1::text as w';
    await pool.query(text, ['a']);
    const unsendable = {
      toPostgres() {
        throw new Error('cannot be sent');
      },
    };
    await expect(pool.query(text, [unsendable])).rejects.toThrow(/cannot be sent/);
    for (const v of ['b', 'c']) expect((await pool.query(text, [v])).rows[0].w).toBe(v);
  });
});
