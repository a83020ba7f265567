/**
 * Generators for hostile input: wrong types, huge strings, unicode, negative and huge
 * numbers, SQL and HTML fragments — mixed with valid values (existing ids, real field
 * names) so that requests get past the first check and reach deeper code.
 */
import fc from 'fast-check';
import { CAUSE_IDS } from '@easyfund/shared/constants';

/** Markers a response must never reflect into HTML. */
export const HTML_MARKERS = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>'];

export const NASTY_STRINGS = [
  ...HTML_MARKERS,
  '"><svg onload=alert(1)>',
  "' OR '1'='1",
  "'; drop table funds; --",
  '1; select pg_sleep(10)',
  "%' or 1=1 --",
  '\\',
  '%',
  '_',
  '%00',
  '\u0000',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  'বাংলাদেশ টাকা ৳১০০',
  '😀👩‍👩‍👧‍👦🇧🇩',
  '../../../../etc/passwd',
  '{{7*7}}${7*7}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  '0x10',
  ' ',
  '',
];

export const NASTY_NUMBERS = [
  0,
  -1,
  -0.5,
  0.5,
  9.99,
  10,
  1_000_001,
  -2_147_483_649,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

const hugeString = fc.oneof(
  fc.string({ minLength: 1_000, maxLength: 5_000 }),
  fc.constantFrom('a'.repeat(100_000), '<'.repeat(20_000), '9'.repeat(5_000)),
);

export const weirdString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
  { weight: 1, arbitrary: hugeString },
);

export const weirdNumber = fc.oneof(
  fc.constantFrom(...NASTY_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, of any type, often hostile. */
export const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: weirdString },
  { weight: 3, arbitrary: weirdNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(weirdString, weirdNumber), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(weirdString, weirdString, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Field names our request schemas use (so generated bodies hit real validation paths). */
export const FIELD_NAMES = [
  'name',
  'email',
  'password',
  'image',
  'phone',
  'message',
  'fundId',
  'amountTk',
  'intentId',
  'clientSecret',
  'card',
  'billing',
  'status',
  'feedback',
  'role',
  'description',
  'cause',
  'goalTk',
  'suggestedTk',
  'idCardNumber',
  'phoneNumber',
  'token',
  'newPassword',
  'callbackURL',
  '__proto__',
];

export const QUERY_NAMES = ['q', 'cause', 'page', 'pageSize', 'status', 'id', 'token'];

/** Plausible values: what a real client would send, so that some requests succeed. */
export function plausibleValues(ids: string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(...ids),
    fc.constantFrom('approved', 'denied', 'pending', 'user', 'verified', 'admin', ...CAUSE_IDS),
    fc.constantFrom(100, 500, 10, 1_000_000, 'secret123', 'someone@example.com'),
    fc.constantFrom('https://example.com/a.png', '01712345678', '1990123456789', 'Flood relief'),
    fc.constant({ number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' }),
  );
}

/** A request body: nothing, a scalar, an array, or an object of known and unknown fields. */
export function body(ids: string[]): fc.Arbitrary<unknown> {
  const value = fc.oneof(
    { weight: 3, arbitrary: weirdValue },
    { weight: 2, arbitrary: plausibleValues(ids) },
  );
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: weirdValue },
    {
      weight: 5,
      arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), value, { maxKeys: 8 }),
    },
    { weight: 1, arbitrary: fc.dictionary(weirdString, value, { maxKeys: 4 }) },
  );
}

/** A path parameter: an existing id, a well-formed unknown id, or garbage. */
export function pathParam(ids: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...ids) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: weirdString.filter((s) => s.length > 0 && s.length < 3_000) },
    { weight: 1, arbitrary: weirdNumber.map(String) },
  );
}

/** A query string of known and unknown names with hostile values. */
export function queryString(ids: string[]): fc.Arbitrary<string> {
  const value = fc.oneof(
    weirdString.filter((s) => s.length < 3_000),
    weirdNumber.map(String),
    fc.constantFrom(...ids),
  );
  return fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(...QUERY_NAMES),
          weirdString.filter((s) => s.length < 50),
        ),
        value,
      ),
      { maxLength: 5 },
    )
    .map((pairs) => {
      if (pairs.length === 0) return '';
      const params = new URLSearchParams();
      for (const [k, v] of pairs) params.append(k, v);
      return `?${params.toString()}`;
    });
}
