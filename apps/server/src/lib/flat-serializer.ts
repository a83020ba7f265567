import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A value's JSON as its schema writes it, or `undefined` when the value is not one it takes. */
type Write = (value: unknown) => string | undefined;

/** How one field of an answer is written: its JSON key, and its value. */
interface Field {
  key: string;
  /** `"key":` as JSON writes it. */
  name: string;
  /** An optional field: left out when it has no value, as JSON leaves out `undefined`. */
  optional: boolean;
  write: Write;
}

const json = (value: unknown) => JSON.stringify(value);

/** A schema's definition holds these settings only (no format, coercion, check of its own). */
const onlyKeys = (def: object, keys: string[]) => Object.keys(def).every((k) => keys.includes(k));

/** The writer of a field's schema, when it is a plain one (no check but "an integer"). */
function writerOf(schema: z.ZodType, depth: number): Write | undefined {
  const def = (schema as z.ZodType & { def: object }).def as {
    type: string;
    checks?: { _zod: { def: { check: string; format?: string } } }[];
    innerType?: z.ZodType;
    element?: z.ZodType;
    entries?: Record<string, unknown>;
  };
  const checks = def.checks ?? [];
  switch (def.type) {
    case 'nullable': {
      const inner = onlyKeys(def, ['type', 'innerType'])
        ? writerOf(def.innerType!, depth)
        : undefined;
      return inner && ((v) => (v === null ? 'null' : inner(v)));
    }
    case 'string':
      return onlyKeys(def, ['type'])
        ? (v) => (typeof v === 'string' ? json(v) : undefined)
        : undefined;
    case 'boolean':
      return onlyKeys(def, ['type'])
        ? (v) => (v === true ? 'true' : v === false ? 'false' : undefined)
        : undefined;
    case 'number': {
      if (!onlyKeys(def, ['type', 'checks'])) return undefined;
      if (checks.length === 0)
        return (v) => (typeof v === 'number' && Number.isFinite(v) ? json(v) : undefined);
      const int = checks.length === 1 && checks[0]!._zod.def.format === 'safeint';
      return int ? (v) => (Number.isSafeInteger(v) ? json(v) : undefined) : undefined;
    }
    case 'enum': {
      const values = new Set(Object.values(def.entries ?? {}));
      const strings = [...values].every((v) => typeof v === 'string');
      return onlyKeys(def, ['type', 'entries']) && strings
        ? (v) => (values.has(v) ? json(v) : undefined)
        : undefined;
    }
    case 'object':
      return objectWriter(schema, depth + 1);
    case 'array': {
      const element = onlyKeys(def, ['type', 'element'])
        ? writerOf(def.element!, depth)
        : undefined;
      return element && ((v) => (Array.isArray(v) ? arrayOf(v, element) : undefined));
    }
    default:
      return undefined;
  }
}

/** `[…]` of the elements, each written by `element`; undefined when one is not taken. */
function arrayOf(values: unknown[], element: Write): string | undefined {
  let out = '';
  for (let i = 0; i < values.length; i++) {
    const written = element(values[i]);
    if (written === undefined) return undefined;
    out += i ? `,${written}` : written;
  }
  return `[${out}]`;
}

/** Objects within objects the fast path writes (a schema nested deeper, or itself, is zod's). */
const MAX_DEPTH = 4;

/** The writer of an object schema with fields only (no other keys), each of them plain. */
function objectWriter(schema: unknown, depth: number): Write | undefined {
  if (!(schema instanceof z.ZodObject) || depth > MAX_DEPTH) return undefined;
  const def = schema.def as { shape: Record<string, z.ZodType>; catchall?: unknown };
  if (def.catchall !== undefined) return undefined;
  const fields: Field[] = [];
  for (const [key, field] of Object.entries(def.shape)) {
    const fieldDef = (field as z.ZodType & { def: { type: string; innerType?: z.ZodType } }).def;
    const optional = fieldDef.type === 'optional' && onlyKeys(fieldDef, ['type', 'innerType']);
    const write = writerOf(optional ? fieldDef.innerType! : field, depth);
    if (!write) return undefined;
    fields.push({ key, name: `${json(key)}:`, optional, write });
  }
  if (fields.length === 0) return undefined;
  return (data) => {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
    const record = data as Record<string, unknown>;
    let out = '';
    for (const { key, name, optional, write } of fields) {
      const value = record[key];
      if (value === undefined && optional) continue;
      const written = write(value);
      if (written === undefined) return undefined;
      out += (out ? ',' : '{') + name + written;
    }
    return out ? `${out}}` : '{}';
  };
}

/**
 * The answer of an object schema whose fields are all plain (strings, integers, numbers,
 * booleans, enums of strings, each maybe nullable or optional; objects of such fields and
 * arrays of any of them, a few levels deep), written field by field in the schema's order:
 * the same bytes as zod's check and `JSON.stringify` of what it returns, without the copy
 * zod makes of every object first (a confirmed donation's answer, its payment within it).
 * An optional field without a value is left out, as JSON leaves out zod's `undefined`. A
 * value the fast path does not take (a wrong type, a missing field) goes to zod, which
 * answers the error as before. Undefined for any other schema.
 */
export function flatSerializer(
  schema: unknown,
): ((data: unknown) => string | undefined) | undefined {
  return objectWriter(schema, 0);
}

/**
 * The routes' response serializer: `flatSerializer` where the schema allows it (a fund's
 * page, the busiest read, among them), zod's check and `JSON.stringify` otherwise and
 * whenever a value is not one the fast path takes.
 */
export const responseSerializer: FastifySerializerCompiler<unknown> = (route) => {
  const checked = serializerCompiler(route as never) as (data: unknown) => string;
  const flat = flatSerializer(route.schema);
  if (!flat) return checked;
  return (data: unknown) => flat(data) ?? checked(data);
};
