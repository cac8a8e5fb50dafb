import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { column, rowParser } from './row-check';

/** Rows of every kind of column the checker reads, and one it leaves to zod (a refinement). */
const ZRow = z.object({
  id: z.string(),
  status: z.enum(['draft', 'active', 'ended']),
  kind: z.literal('player'),
  goal_cents: column.count.nullable(),
  raised_cents: column.count,
  position: z.number().int(),
  ratio: z.number(),
  sent: z.boolean(),
  created_at: column.instant,
  settings: z.unknown(),
  players: z.array(z.object({ id: z.string(), name: z.string().nullable() })),
});
const ZRefined = z.object({ id: z.string().min(3), n: column.count });
const ZRecord = z.object({ metadata: z.record(z.string(), z.unknown()) });
/** Counts beside a page's row, or beside nulls for an empty page (the agreements search's shape). */
const ZCountsAndRow = z
  .object({ n: column.count })
  .and(z.union([z.object({ id: z.string(), sent: z.boolean() }), z.object({ id: z.null() })]));
/** An intersection whose sides share a column: zod's own merge decides. */
const ZOverlap = z.object({ id: z.string() }).and(z.object({ id: z.string(), n: column.count }));

/** What the checker gave: the row, or the error it threw. */
function outcome(parse: (row: unknown) => unknown, row: unknown): { value: unknown } | { issues: unknown } {
  try {
    return { value: parse(row) };
  } catch (e) {
    if (e instanceof z.ZodError) return { issues: e.issues };
    throw e;
  }
}

/** A column's value: mostly of the right kind, often not (null, a number for a string, NaN, ...). */
const anyValue = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom('draft', 'active', 'ended', 'player', '12', '2026-11-23 10:00:00+00'),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, 1.5),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.date({ noInvalidDate: true }),
  fc.array(fc.record({ id: fc.oneof(fc.string({ maxLength: 4 }), fc.integer()), name: fc.option(fc.string()) }), {
    maxLength: 3,
  }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
);
const keys = ['id', 'status', 'kind', 'goal_cents', 'raised_cents', 'position', 'ratio', 'sent'] as const;
const validRow = fc.record({
  id: fc.string(),
  status: fc.constantFrom('draft', 'active', 'ended'),
  kind: fc.constant('player'),
  goal_cents: fc.option(fc.oneof(fc.integer(), fc.integer().map(String))),
  raised_cents: fc.oneof(fc.integer(), fc.integer().map(String)),
  position: fc.integer(),
  ratio: fc.double({ noNaN: true, noDefaultInfinity: true }),
  sent: fc.boolean(),
  created_at: fc.oneof(fc.date({ noInvalidDate: true }), fc.string()),
  settings: fc.jsonValue(),
  players: fc.array(fc.record({ id: fc.string(), name: fc.option(fc.string()) }), { maxLength: 3 }),
  extra: fc.string(),
});
/** A valid row, with one column changed, dropped or added, or something that is not a row at all. */
const anyRow = fc.oneof(
  validRow,
  // Exactly the schema's columns (the driver's usual row), which the checker may hand back as it is.
  validRow.map(({ extra: _extra, ...exact }) => exact),
  fc.tuple(validRow, fc.constantFrom(...keys, 'created_at', 'settings', 'players'), anyValue).map(([row, key, v]) => ({
    ...row,
    [key]: v,
  })),
  fc.tuple(validRow, fc.constantFrom(...keys, 'settings')).map(([row, key]) => {
    const { [key]: _dropped, ...rest } = row;
    return rest;
  }),
  anyValue,
);

describe('rowParser', () => {
  it('gives what the schema’s parse gives for every row, and throws its error for a row that does not fit', () => {
    for (const schema of [ZRow, ZRefined, ZRecord, ZCountsAndRow, ZOverlap]) {
      const parse = rowParser(schema);
      fc.assert(
        fc.property(
          fc.oneof(
            anyRow,
            fc.record({ id: anyValue, n: anyValue, metadata: anyValue }),
            fc.record({
              id: fc.option(fc.string()),
              n: fc.oneof(fc.integer(), fc.integer().map(String)),
              sent: anyValue,
            }),
          ),
          (row) => {
            expect(outcome(parse, row)).toEqual(outcome((r) => schema.parse(r), row));
          },
        ),
        { numRuns: 3000 },
      );
    }
  });

  it('reads a row as the API wants it: counts as numbers, unknown columns left out', () => {
    const parse = rowParser(ZRow);
    const row = {
      id: 'c1',
      status: 'active',
      kind: 'player',
      goal_cents: null,
      raised_cents: '123456',
      position: 2,
      ratio: 0.5,
      sent: false,
      created_at: '2026-11-23 10:00:00+00',
      settings: { days: [3, 7] },
      players: [{ id: 'p1', name: null }],
      total: '9',
    };
    const read = parse(row);
    expect(read).toEqual({ ...row, raised_cents: 123456, total: undefined });
    expect(Object.keys(read)).not.toContain('total');
    expect(() => parse({ ...row, status: 'paused' })).toThrow(z.ZodError);
    expect(() => parse({ ...row, position: 2.5 })).toThrow(z.ZodError);
  });

  it('hands back the driver’s row itself when it is already what the schema builds, else a copy', () => {
    const parse = rowParser(z.object({ id: z.string(), sent: z.boolean(), n: column.count.nullable() }));
    const exact = { id: 'c1', sent: true, n: null };
    expect(parse(exact)).toBe(exact);
    const counted = { id: 'c1', sent: true, n: '7' };
    expect(parse(counted)).toEqual({ id: 'c1', sent: true, n: 7 });
    expect(counted.n).toBe('7');
    const wider = { id: 'c1', sent: true, n: 3, total: '9' };
    const read = parse(wider);
    expect(read).not.toBe(wider);
    expect(Object.keys(read)).toEqual(['id', 'sent', 'n']);
  });
});
