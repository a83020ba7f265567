import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** How one field of a flat answer is written: its JSON key, and its value or `undefined`
 *  when the value is not one its schema takes. */
interface Field {
  key: string;
  /** `"key":` as JSON writes it. */
  prefix: string;
  write(value: unknown): string | undefined;
}

const json = (value: unknown) => JSON.stringify(value);

/** A schema's definition holds these settings only (no format, coercion, check of its own). */
const onlyKeys = (def: object, keys: string[]) => Object.keys(def).every((k) => keys.includes(k));

/** The writer of a field's schema, when it is a plain one (no check but "an integer"). */
function writerOf(schema: z.ZodType): Field['write'] | undefined {
  const def = (schema as z.ZodType & { def: object }).def as {
    type: string;
    checks?: { _zod: { def: { check: string; format?: string } } }[];
    innerType?: z.ZodType;
    entries?: Record<string, unknown>;
  };
  const checks = def.checks ?? [];
  switch (def.type) {
    case 'nullable': {
      const inner = onlyKeys(def, ['type', 'innerType']) ? writerOf(def.innerType!) : undefined;
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
    default:
      return undefined;
  }
}

/**
 * The answer of an object schema whose fields are all plain (strings, integers, numbers,
 * booleans, enums of strings, each maybe nullable), written field by field in the schema's
 * order: the same bytes as zod's check and `JSON.stringify` of what it returns, without the
 * copy zod makes of the object first. A value the fast path does not take (a wrong type, a
 * missing field) goes to zod, which answers the error as before. Undefined for any other
 * schema.
 */
export function flatSerializer(
  schema: unknown,
): ((data: unknown) => string | undefined) | undefined {
  if (!(schema instanceof z.ZodObject)) return undefined;
  const def = schema.def as { shape: Record<string, z.ZodType>; catchall?: unknown };
  if (def.catchall !== undefined) return undefined;
  const fields: Field[] = [];
  for (const [key, field] of Object.entries(def.shape)) {
    const write = writerOf(field);
    if (!write) return undefined;
    fields.push({ key, prefix: `${fields.length ? ',' : '{'}${json(key)}:`, write });
  }
  if (fields.length === 0) return undefined;
  return (data) => {
    if (typeof data !== 'object' || data === null) return undefined;
    const record = data as Record<string, unknown>;
    let out = '';
    for (const { key, prefix, write } of fields) {
      const written = write(record[key]);
      if (written === undefined) return undefined;
      out += prefix + written;
    }
    return `${out}}`;
  };
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
