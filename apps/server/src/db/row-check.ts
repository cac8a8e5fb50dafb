import { z } from 'zod';

/**
 * Column types as the two drivers return them. One type test each rather than a z.union: a union
 * tries its options in turn and builds an issue for each that fails (a bigint's string fails the
 * number option first), which on a 200-row list was twice the cost of the test and most of its
 * garbage.
 */
export const column = {
  /** A timestamp: a Date from node-postgres and PGlite alike, a string when selected as text. */
  instant: z.custom<Date | string>((v) => v instanceof Date || typeof v === 'string', 'Expected a timestamp'),
  /** count(*) and bigint sums arrive as strings from node-postgres. */
  count: z
    .custom<number | string>((v) => typeof v === 'number' || typeof v === 'string', 'Expected a number')
    .transform(Number),
};

/*
 * A query's rows checked against the zod schema that describes them, without zod's garbage.
 *
 * zod builds a result object and an issue array for every property it checks, and two more for
 * each transform: on a page of 50 campaigns that was 160 KB of the request's 350 KB of garbage,
 * and the young-generation collections it caused cost more than everything else the app adds to
 * the query (a CPU profile against the bench's floor). A row's columns are plain values of a few
 * kinds, so for the schemas made of those kinds a checker is built once, from the schema's own
 * definition, that tests each value and builds only the row it returns; the same schema decides,
 * and zod still reports: a row that fails the test is parsed by zod, which throws the error it
 * always threw. A schema with anything else in it (a refinement, a default, an optional key) is
 * parsed by zod as before. row-check.test.ts holds the two to the same answers.
 */

/** What a checker returns for a value that does not fit (so a failed test allocates nothing). */
const MISFIT: unique symbol = Symbol('misfit');
type TCheck = (value: unknown) => unknown;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** z.number().int(): a whole number within ±(2^53 − 1). */
const isSafeIntCheck = (check: z.core.$ZodCheck) => {
  const def = check._zod.def;
  return def.check === 'number_format' && 'format' in def && def.format === 'safeint';
};

/** The checker of a schema, or null when it holds something only zod should decide. */
function checkerOf(schema: z.core.$ZodType): TCheck | null {
  if (schema === column.count) return (v) => (typeof v === 'number' || typeof v === 'string' ? Number(v) : MISFIT);
  if (schema === column.instant) return (v) => (v instanceof Date || typeof v === 'string' ? v : MISFIT);
  const def = schema._zod.def;
  // Checks stay zod's (a length, a pattern), but for z.number().int(), common in rows.
  if ('checks' in def && def.checks && def.checks.length > 0) {
    return def.type === 'number' && def.checks.every(isSafeIntCheck)
      ? (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : MISFIT)
      : null;
  }
  switch (def.type) {
    case 'string':
      return (v) => (typeof v === 'string' ? v : MISFIT);
    case 'number':
      return (v) => (typeof v === 'number' && Number.isFinite(v) ? v : MISFIT);
    case 'boolean':
      return (v) => (typeof v === 'boolean' ? v : MISFIT);
    case 'unknown':
      return (v) => v;
    case 'null':
      return (v) => (v === null ? null : MISFIT);
    case 'enum': {
      const values = new Set<unknown>(Object.values((def as z.core.$ZodEnumDef).entries));
      return (v) => (values.has(v) ? v : MISFIT);
    }
    case 'literal': {
      const values = new Set<unknown>((def as z.core.$ZodLiteralDef<z.core.util.Literal>).values);
      return (v) => (values.has(v) ? v : MISFIT);
    }
    case 'nullable': {
      const inner = checkerOf((def as z.core.$ZodNullableDef).innerType);
      return inner && ((v) => (v === null ? null : inner(v)));
    }
    case 'array': {
      const element = checkerOf((def as z.core.$ZodArrayDef).element);
      if (!element) return null;
      return (v) => {
        if (!Array.isArray(v)) return MISFIT;
        const out: unknown[] = new Array(v.length);
        for (let i = 0; i < v.length; i++) {
          const x = element(v[i]);
          if (x === MISFIT) return MISFIT;
          out[i] = x;
        }
        return out;
      };
    }
    case 'object': {
      const objectDef = def as z.core.$ZodObjectDef;
      // Only z.object's own stripping of unknown keys; a catch-all keeps or refuses them.
      if (objectDef.catchall) return null;
      const fields: [string, TCheck][] = [];
      for (const [key, value] of Object.entries(objectDef.shape)) {
        const check = checkerOf(value);
        if (!check) return null;
        fields.push([key, check]);
      }
      return (v) => {
        if (!isPlainObject(v)) return MISFIT;
        // The row itself when it is already what zod would build: each of its own keys one of the
        // schema's, each value passed through unchanged. A driver's row has exactly the columns
        // selected, so for most rows the copy (and, on a 500-row read, most of the garbage the
        // app added to the query) is not made. Otherwise the copy zod would make.
        let own = 0;
        for (const key in v) if (Object.hasOwn(v, key)) own++;
        let out: Record<string, unknown> | null = own === fields.length ? null : {};
        let i = 0;
        for (const [key, check] of fields) {
          // A key the row lacks is zod's to report (or, for z.unknown(), to decide).
          if (!(key in v)) return MISFIT;
          const value = v[key];
          const x = check(value);
          if (x === MISFIT) return MISFIT;
          if (!out && (x !== value || !Object.hasOwn(v, key))) {
            out = {};
            for (const [earlier] of fields.slice(0, i)) out[earlier] = v[earlier];
          }
          if (out) out[key] = x;
          i++;
        }
        return out ?? v;
      };
    }
    case 'union': {
      // zod's (inclusive) union: the first option that fits.
      const unionDef = def as z.core.$ZodUnionDef;
      if (unionDef.inclusive === false) return null;
      const options: TCheck[] = [];
      for (const option of unionDef.options) {
        const check = checkerOf(option);
        if (!check) return null;
        options.push(check);
      }
      return (v) => {
        for (const check of options) {
          const x = check(v);
          if (x !== MISFIT) return x;
        }
        return MISFIT;
      };
    }
    case 'intersection': {
      // Two row shapes with no column in common (the counts beside a page's row, say): both must
      // fit, and zod's result is the two merged, which for disjoint keys is the one spread after the
      // other. Shared keys need zod's deep merge, so those stay zod's.
      const { left, right } = def as z.core.$ZodIntersectionDef;
      const leftKeys = rowKeys(left);
      const rightKeys = rowKeys(right);
      const checkLeft = checkerOf(left);
      const checkRight = checkerOf(right);
      if (!leftKeys || !rightKeys || !checkLeft || !checkRight) return null;
      if ([...leftKeys].some((key) => rightKeys.has(key))) return null;
      return (v) => {
        // Each side gives its object or MISFIT (a symbol), so this is both tests in one.
        const a = checkLeft(v);
        const b = isPlainObject(a) ? checkRight(v) : MISFIT;
        return isPlainObject(a) && isPlainObject(b) ? { ...a, ...b } : MISFIT;
      };
    }
    default:
      return null;
  }
}

/** The keys an object schema (or a union of them) can give a row; null for anything else. */
function rowKeys(schema: z.core.$ZodType): Set<string> | null {
  const def = schema._zod.def;
  if (def.type === 'object') return new Set(Object.keys((def as z.core.$ZodObjectDef).shape));
  if (def.type !== 'union') return null;
  const keys = new Set<string>();
  for (const option of (def as z.core.$ZodUnionDef).options) {
    const own = rowKeys(option);
    if (!own) return null;
    for (const key of own) keys.add(key);
  }
  return keys;
}

const checkers = new WeakMap<z.ZodType, (row: unknown) => unknown>();

/**
 * The function that turns a row into what `schema.parse(row)` returns, throwing zod's error for a
 * row that does not fit; built once per schema.
 */
export function rowParser<S extends z.ZodType>(schema: S): (row: unknown) => z.output<S> {
  let parse = checkers.get(schema);
  if (!parse) {
    const check = checkerOf(schema);
    parse = check
      ? (row) => {
          const out = check(row);
          return out === MISFIT ? schema.parse(row) : out;
        }
      : (row) => schema.parse(row);
    checkers.set(schema, parse);
  }
  // The checker returns exactly what the schema's parse would (row-check.test.ts).
  return parse as (row: unknown) => z.output<S>;
}
