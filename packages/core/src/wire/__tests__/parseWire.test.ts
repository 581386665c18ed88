import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z as classic } from 'zod';
import * as z from 'zod/mini';
import type { $ZodType, util } from 'zod/v4/core';
import { createClient } from '../../client/createClient';
import { defineResource } from '../../resources/defineResource';
import { spendControlSchema } from '../../resources/spendControls';
import { parseWire } from '../parseWire';

/** A value as text with its keys in order and undefined spelled out: what "the same output" means. */
const ordered = (value: unknown) =>
  JSON.stringify(value, (_, v: unknown) => (v === undefined ? '<undefined>' : v));

/** parseWire and zod's safeParse agree: success, the output key for key in order, or zod's issues. */
function expectZods<S extends $ZodType>(schema: S, text: string): util.SafeParseResult<z.output<S>> {
  const ours = parseWire(schema as $ZodType<z.output<S>>, JSON.parse(text), () => JSON.parse(text));
  const zods = z.safeParse(schema, JSON.parse(text));
  expect(ours.success).toBe(zods.success);
  if (ours.success && zods.success) expect(ordered(ours.data)).toBe(ordered(zods.data));
  else expect(ours.error?.issues).toEqual(zods.error?.issues);
  return ours;
}

const control = {
  spend_control_id: 'sc_1',
  version: 2,
  version_time: '2025-06-01T12:00:00.000Z',
  name: 'Team',
  status: 'active',
  limit: { amount: 100, currency: 'EUR' },
  interval: 'monthly',
  account_id: 'acc_1',
  description: 'kept',
};

describe('parseWire', () => {
  it('returns the parsed value itself when it already is what zod would build', () => {
    const page = z.looseObject({ data: z.array(spendControlSchema) });
    const value = JSON.parse(JSON.stringify({ data: [control, control] }));
    const result = expectZods(page, JSON.stringify({ data: [control, control] }));
    const ours = parseWire(page, value, () => JSON.parse(JSON.stringify({ data: [control, control] })));
    expect(ours.success && ours.data).toBe(value);
    expect(result.success).toBe(true);
  });

  it("builds zod's output when keys come in another order, are absent or default", () => {
    const reversed = Object.fromEntries(Object.entries(control).reverse());
    const result = expectZods(spendControlSchema, JSON.stringify(reversed));
    expect(result.success && Object.keys(result.data).slice(0, 3)).toEqual([
      'spend_control_id',
      'version',
      'version_time',
    ]);
    const { name: _, limit: __, ...absent } = control;
    const filled = expectZods(spendControlSchema, JSON.stringify(absent));
    expect(filled.success && [filled.data.name, filled.data.limit]).toEqual([null, null]);
  });

  it("gives zod's own issues for a value it does not accept", () => {
    const result = expectZods(spendControlSchema, JSON.stringify({ ...control, version: 0 }));
    expect(result.success).toBe(false);
    expectZods(spendControlSchema, JSON.stringify({ ...control, status: 'gone', limit: { amount: 'x' } }));
    expectZods(spendControlSchema, '[]');
    expectZods(spendControlSchema, 'null');
  });

  it('drops an own __proto__ key, refuses it in a strict object, and never changes a prototype', () => {
    const text = '{"a":1,"__proto__":{"polluted":1},"b":{"__proto__":{"x":1}}}';
    const loose = expectZods(z.looseObject({ a: z.number(), b: z.looseObject({}) }), text);
    expect(loose.success && Object.keys(loose.data)).toEqual(['a', 'b']);
    expect(loose.success && Object.getPrototypeOf(loose.data)).toBe(Object.prototype);
    expect(expectZods(z.strictObject({ a: z.number(), b: z.unknown() }), text).success).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('strips unknown keys of a plain object and refuses them in a strict one', () => {
    const stripped = expectZods(z.object({ a: z.number() }), '{"x":1,"a":2}');
    expect(stripped.success && stripped.data).toEqual({ a: 2 });
    expect(expectZods(z.strictObject({ a: z.number() }), '{"a":2,"x":1}').success).toBe(false);
  });

  it('runs checks as zod does: refinements, overwrites and formats', () => {
    const schema = z.object({
      trimmed: z.string().check(z.trim()),
      email: z.email(),
      even: z.number().check(z.refine((n) => n % 2 === 0, 'odd')),
    });
    const ok = expectZods(schema, '{"trimmed":"  a  ","email":"a@b.co","even":4}');
    expect(ok.success && ok.data.trimmed).toBe('a');
    expect(expectZods(schema, '{"trimmed":"a","email":"nope","even":3}').success).toBe(false);
  });

  it('leaves node kinds it does not compile to zod (unions, transforms, records)', () => {
    const schema = z.object({
      either: z.union([z.string(), z.number()]),
      length: z.pipe(
        z.string(),
        z.transform((text: string) => text.length),
      ),
      tags: z.record(z.string(), z.boolean()),
    });
    const ok = expectZods(schema, '{"either":3,"length":"abcd","tags":{"x":true}}');
    expect(ok.success && ok.data.length).toBe(4);
    // Optional in, not out: an absent key still runs the field, which may fill it.
    const filled = z.object({
      note: z.pipe(
        z.optional(z.string()),
        z.transform((text) => text ?? 'none'),
      ),
    });
    const absent = expectZods(filled, '{}');
    expect(absent.success && absent.data).toEqual({ note: 'none' });
    expect(expectZods(schema, '{"either":[],"length":"","tags":{}}').success).toBe(false);
  });

  it('parses a recursive schema (a getter in its shape)', () => {
    const node = z.object({
      name: z.string(),
      get children() {
        return z.array(node);
      },
    });
    expectZods(node, '{"name":"a","children":[{"name":"b","children":[]},{"name":"c","children":[]}]}');
    expect(expectZods(node, '{"name":"a","children":[{"name":1,"children":[]}]}').success).toBe(false);
  });

  it('throws as zod does for an async refinement', () => {
    const schema = z.string().check(z.refine(async () => true));
    expect(() => z.safeParse(schema, 'a')).toThrow();
    expect(() => parseWire(schema, 'a', () => 'a')).toThrow();
  });
});

// Found by review 45 (each failed before its fix): the first version parsed an object's fields once
// to see whether the input could be kept and again to build it, so a recursive schema took 2^depth
// parses (a 24-level body of 529 bytes: 3.2 s against zod's 0.1 ms), an in-place overwrite ran twice
// on the parsed tree, and an absent optional key skipped its field's own checks.
describe('parseWire: each value parsed once, checks never given the parsed tree', () => {
  /** A chain `{"name":"n","child":{…}}` `depth` deep whose innermost node has one key to strip. */
  const chain = (depth: number) => {
    let text = '{"name":"leaf","extra":1}';
    for (let i = 0; i < depth; i++) text = `{"name":"n","child":${text}}`;
    return text;
  };
  type Chain = { name: string; child?: Chain | undefined };

  it('runs each field of a recursive schema once, as zod does, not 2^depth times', () => {
    let calls = 0;
    const node: classic.ZodType<Chain> = classic.object({
      name: classic.string().refine(() => ++calls > 0),
      get child() {
        return node.optional();
      },
    });
    const zods = z.safeParse(node, JSON.parse(chain(16)));
    const zodCalls = calls;
    calls = 0;
    const ours = parseWire(node, JSON.parse(chain(16)), () => JSON.parse(chain(16)));
    expect(ours.success && zods.success).toBe(true);
    expect([zodCalls, calls]).toEqual([17, 17]);
  });

  it('reads a 23-level entity through the client with one parse of each field', async () => {
    let calls = 0;
    type Folder = { folder_id: string; name: string; child?: Folder | undefined };
    const folder: classic.ZodType<Folder> = classic.object({
      folder_id: classic.string(),
      name: classic.string().refine(() => ++calls > 0),
      get child() {
        return folder.optional();
      },
    });
    const folders = defineResource({
      type: 'folder',
      idKey: 'folder_id',
      schema: folder,
      path: '/folders',
      versioned: false,
    });
    let text = '{"folder_id":"f_leaf","name":"leaf","created_by":"u1"}';
    for (let i = 23; i > 0; i--) text = `{"folder_id":"f${i}","name":"n","child":${text}}`;
    const fetch = async () =>
      new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
    const client = createClient({ baseUrl: 'https://api.test', getToken: () => 't', fetch });
    const got = await client.resource(folders).get('f1');
    expect(got.folder_id).toBe('f1');
    expect(calls).toBe(24);
  });

  it("gives zod's output for an in-place overwrite (reverse) when a later key is stripped", () => {
    const schema = classic.object({
      tags: classic.array(classic.string()).overwrite((tags) => tags.reverse()),
    });
    const text = '{"tags":["a","b","c"],"extra":1}';
    const ours = expectZods(schema, text);
    expect(ours.success && ours.data).toEqual({ tags: ['c', 'b', 'a'] });
  });

  it("gives zod's output when it falls back to zod after a check could have changed the parsed tree", () => {
    const schema = classic.object({
      tags: classic.array(classic.string()).overwrite((tags) => tags.reverse()),
      note: classic.string().default('none').optional(), // optional of a default: left to zod
    });
    const ours = expectZods(schema, '{"x":1,"tags":["a","b","c"]}');
    expect(ours.success && ours.data).toEqual({ tags: ['c', 'b', 'a'], note: 'none' });
    // The same for an object an overwrite changes in place.
    const marked = classic.object({
      inner: classic.looseObject({ a: classic.string() }).overwrite((inner) => {
        inner.a += '!';
        return inner;
      }),
      note: classic.string().default('none').optional(),
    });
    const kept = expectZods(marked, '{"inner":{"a":"x"}}');
    expect(kept.success && kept.data).toEqual({ inner: { a: 'x!' }, note: 'none' });
  });

  it("runs an absent optional field's own checks, which may throw, as zod does", () => {
    const throwing = classic.object({
      code: classic
        .string()
        .optional()
        .refine((code) => code!.length === 4),
    });
    expect(() => z.safeParse(throwing, {})).toThrow(TypeError);
    expect(() => parseWire(throwing, {}, () => ({}))).toThrow(TypeError);
    const async = classic.object({
      code: classic
        .string()
        .optional()
        .refine(async () => true),
    });
    expect(() => z.safeParse(async, {})).toThrow(/synchronous parse/);
    expect(() => parseWire(async as $ZodType, {}, () => ({}))).toThrow(/synchronous parse/);
  });
});

// The same, for the case review 45 found: overwrites that change an array in place, in objects of
// every kind, with unknown keys before, between or after the fields, so the first look at the input
// sees it could be kept and a later key says it must be built.
describe('parseWire (property): overwrites in place never reach the parsed tree', () => {
  const reversed = () => z.array(z.string()).check(z.overwrite((items: string[]) => items.reverse()));
  const kinds = { strip: z.object, loose: z.looseObject, strict: z.strictObject } as const;
  const entry = (key: string, value: unknown) => `${JSON.stringify(key)}:${JSON.stringify(value)}`;

  it('agrees with zod whatever the order and the unknown keys', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('strip', 'loose', 'strict'),
        fc.array(fc.string(), { maxLength: 4 }),
        fc.option(fc.array(fc.string(), { maxLength: 3 })),
        fc.string(),
        fc.subarray(['x', 'y']),
        fc.boolean(),
        (kind, a, b, c, unknown, shuffle) => {
          const schema = kinds[kind as keyof typeof kinds]({
            a: reversed(),
            b: z.optional(reversed()),
            nested: z.looseObject({ list: reversed() }),
            c: z.string(),
          });
          const entries = [
            entry('a', a),
            ...(b === null ? [] : [entry('b', b)]),
            entry('nested', { list: a }),
            entry('c', c),
            ...unknown.map((key) => entry(key, key)),
          ];
          const ordered = shuffle ? [...entries.slice(-1), ...entries.slice(0, -1)] : entries;
          expectZods(schema, `{${ordered.join(',')}}`);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

// The compiled parse must give zod's answer for every schema made of the node kinds it knows and
// every JSON value: the same success, the same output key for key in order, zod's own issues.
describe('parseWire (property): the same answer as zod safeParse', () => {
  type Desc =
    | { k: 'string'; check?: 'trim' | 'nonEmpty' | undefined }
    | { k: 'number'; int?: boolean }
    | { k: 'boolean' | 'null' | 'enum' | 'literal' | 'unknown' | 'pipe' }
    | { k: 'nullable' | 'optional' | 'default' | 'array' | 'reversed' | 'record'; of: Desc }
    | { k: 'union'; of: Desc; or: Desc }
    | { k: 'object'; mode: 'strip' | 'loose' | 'strict'; fields: [string, Desc][] };

  const KEYS = ['a', 'b', 'c', 'constructor', '__proto__'];
  const { desc } = fc.letrec<{ desc: Desc; leaf: Desc }>((tie) => ({
    leaf: fc.oneof(
      fc.record({ k: fc.constant('string' as const), check: fc.constantFrom(undefined, 'trim', 'nonEmpty') }),
      fc.record({ k: fc.constant('number' as const), int: fc.boolean() }),
      fc.constantFrom<Desc>(
        { k: 'boolean' },
        { k: 'null' },
        { k: 'enum' },
        { k: 'literal' },
        { k: 'unknown' },
        { k: 'pipe' },
      ),
    ),
    desc: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      tie('leaf'),
      fc.record({
        k: fc.constantFrom('nullable', 'optional', 'default', 'array', 'reversed', 'record'),
        of: tie('desc'),
      }),
      fc.record({ k: fc.constant('union' as const), of: tie('leaf'), or: tie('leaf') }),
      fc.record({
        k: fc.constant('object' as const),
        mode: fc.constantFrom('strip', 'loose', 'strict'),
        fields: fc.uniqueArray(fc.tuple(fc.constantFrom(...KEYS), tie('desc')), {
          maxLength: 4,
          selector: ([key]) => key,
        }),
      }),
    ) as fc.Arbitrary<Desc>,
  }));

  function schemaOf(d: Desc): $ZodType {
    switch (d.k) {
      case 'string':
        return d.check === 'trim'
          ? z.string().check(z.trim())
          : d.check === 'nonEmpty'
            ? z.string().check(z.minLength(1))
            : z.string();
      case 'number':
        return d.int ? z.int() : z.number();
      case 'boolean':
        return z.boolean();
      case 'null':
        return z.null();
      case 'enum':
        return z.enum(['x', 'y']);
      case 'literal':
        return z.literal(7);
      case 'unknown':
        return z.unknown();
      case 'pipe':
        return z.pipe(
          z.string(),
          z.transform((text: string) => text.length),
        );
      case 'nullable':
        return z.nullable(schemaOf(d.of));
      case 'optional':
        return z.optional(schemaOf(d.of));
      case 'default':
        return z._default(schemaOf(d.of), 'D' as never);
      case 'array':
        return z.array(schemaOf(d.of));
      case 'reversed':
        // An overwrite that changes the array in place: it must never be handed the parsed tree.
        return z.array(schemaOf(d.of)).check(z.overwrite((items) => items.reverse()));
      case 'record':
        return z.record(z.string(), schemaOf(d.of));
      case 'union':
        return z.union([schemaOf(d.of), schemaOf(d.or)]);
      case 'object': {
        const shape = Object.fromEntries(d.fields.map(([key, field]) => [key, schemaOf(field)]));
        return d.mode === 'strip'
          ? z.object(shape)
          : d.mode === 'loose'
            ? z.looseObject(shape)
            : z.strictObject(shape);
      }
    }
  }

  /** JSON text of a value for `d`: mostly one it accepts, sometimes a near miss, in any key order. */
  function textFor(d: Desc): fc.Arbitrary<string> {
    const any = fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value));
    const fitting = ((): fc.Arbitrary<string> => {
      switch (d.k) {
        case 'string':
        case 'pipe':
          return fc.constantFrom('""', '"a"', '"  b "');
        case 'number':
          return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })).map(String);
        case 'boolean':
          return fc.constantFrom('true', 'false');
        case 'null':
          return fc.constant('null');
        case 'enum':
          return fc.constantFrom('"x"', '"y"', '"z"');
        case 'literal':
          return fc.constantFrom('7', '"7"');
        case 'unknown':
          return any;
        case 'nullable':
        case 'optional':
        case 'default':
          return fc.oneof(fc.constant('null'), textFor(d.of));
        case 'union':
          return fc.oneof(textFor(d.of), textFor(d.or));
        case 'array':
        case 'reversed':
          return fc.array(textFor(d.of), { maxLength: 3 }).map((items) => `[${items.join(',')}]`);
        case 'record':
          return fc
            .array(fc.tuple(fc.constantFrom('p', 'q', '__proto__'), textFor(d.of)), { maxLength: 2 })
            .map((entries) => `{${entries.map(([key, value]) => `"${key}":${value}`).join(',')}}`);
        case 'object': {
          const fields = d.fields.map(([key, field]) =>
            fc.option(
              textFor(field).map((value) => `${JSON.stringify(key)}:${value}`),
              { freq: 5 },
            ),
          );
          const extras = fc.array(fc.tuple(fc.constantFrom('x', 'y', '__proto__', 'constructor'), any), {
            maxLength: 2,
          });
          return fc.tuple(fc.tuple(...fields), extras, fc.boolean()).chain(([own, extra, first]) => {
            const entries = [
              ...own.filter((entry): entry is string => entry !== null),
              ...extra.map(([key, value]) => `${JSON.stringify(key)}:${value}`),
            ];
            // In the shape's order (what a service that writes its fields so sends), or shuffled.
            return (
              first ? fc.constant(entries) : fc.shuffledSubarray(entries, { minLength: entries.length })
            ).map((list) => `{${list.join(',')}}`);
          });
        }
      }
    })();
    return fc.oneof({ weight: 6, arbitrary: fitting }, { weight: 1, arbitrary: any });
  }

  it('agrees with zod on any schema of these kinds and any JSON value', () => {
    fc.assert(
      fc.property(
        desc.chain((d) => fc.tuple(fc.constant(d), textFor(d))),
        ([d, text]) => {
          expectZods(schemaOf(d), text);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
