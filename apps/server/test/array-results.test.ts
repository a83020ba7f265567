import pg from 'pg';
import Result from 'pg/lib/result.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyArrayResultsLean } from '../src/db/array-results';
import { createPostgresDatabase, TEST_DB_KIND } from './helper';

/** A row description as node-postgres's parser gives one. */
const field = (name: string, dataTypeID: number, format: 'text' | 'binary' = 'text') => ({
  name,
  dataTypeID,
  format,
});
const INT4 = 23;
const TIMESTAMPTZ = 1184;
const JSONB = 3802;

describe('results of rows as arrays', () => {
  it('get their columns and parsers as node-postgres sets them, without the object row', () => {
    readyArrayResultsLean();
    readyArrayResultsLean();
    const fields = [field('n', INT4), field('at', TIMESTAMPTZ), field('doc', JSONB)];
    // A caller's own parsers (Drizzle leaves dates as text), and the driver's.
    const own = {
      getTypeParser: (oid: number) => (oid === TIMESTAMPTZ ? String : pg.types.getTypeParser(oid)),
    };
    for (const types of [own, undefined]) {
      const lean = new Result('array', types);
      lean.addFields(fields);
      expect(lean.fields).toBe(fields);
      // No row object readied: only rows as objects use one.
      expect(
        (lean as unknown as { _prebuiltEmptyResultObject: unknown })._prebuiltEmptyResultObject,
      ).toBeNull();
      const row = ['7', '2026-11-29 10:00:00+00', '{"a":[1]}'];
      const expected = [
        7,
        types ? '2026-11-29 10:00:00+00' : new Date('2026-11-29T10:00:00Z'),
        { a: [1] },
      ];
      expect(lean.parseRow(row)).toEqual(expected);
      expect(lean.parseRow([null, null, null])).toEqual([null, null, null]);
    }
  });

  it('leaves results of rows as objects as node-postgres readies them', () => {
    readyArrayResultsLean();
    const result = new Result(undefined, undefined);
    result.addFields([field('n', INT4), field('name', 25)]);
    const row = result.parseRow(['1', 'Karim']) as Record<string, unknown>;
    expect(row).toEqual({ n: 1, name: 'Karim' });
    expect(Object.keys(row)).toEqual(['n', 'name']);
  });
});

describe.runIf(TEST_DB_KIND === 'postgres')('rows as arrays from PostgreSQL', () => {
  let drop: () => Promise<void>;
  let pool: pg.Pool;

  beforeAll(async () => {
    readyArrayResultsLean();
    const created = await createPostgresDatabase();
    drop = created.drop;
    pool = new pg.Pool({ connectionString: created.url, max: 1 });
  });
  afterAll(async () => {
    await pool.end();
    await drop();
  });

  it('answer the same rows, in each mode, several statements included', async () => {
    const text = `select $1::int as n, 'x'::text as s, null::int as z, '{"a":1}'::jsonb as j`;
    const arrays = await pool.query({ text, values: [5], rowMode: 'array' });
    expect(arrays.rows).toEqual([[5, 'x', null, { a: 1 }]]);
    expect(arrays.fields.map((f) => f.name)).toEqual(['n', 's', 'z', 'j']);
    const objects = await pool.query(text, [5]);
    expect(objects.rows).toEqual([{ n: 5, s: 'x', z: null, j: { a: 1 } }]);
    const several = (await pool.query({
      text: 'select 1 as a; select 2 as b, 3 as c',
      rowMode: 'array',
    })) as unknown as pg.QueryResult[];
    expect(several.map((r) => r.rows)).toEqual([[[1]], [[2, 3]]]);
  });
});
