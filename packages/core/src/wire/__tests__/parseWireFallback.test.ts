import { describe, expect, it } from 'vitest';
import { z as classic } from 'zod';
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { parseWire } from '../parseWire';

/** What a parse gives: the data (undefined spelled out, keys in order), zod's issues, or what it threw. */
function outcome(parse: () => { success: boolean; data?: unknown; error?: { issues: unknown[] } }) {
  try {
    const result = parse();
    return result.success
      ? { data: JSON.stringify(result.data, (_, v: unknown) => (v === undefined ? '<undefined>' : v)) }
      : { issues: result.error?.issues };
  } catch (error) {
    return { threw: String(error) };
  }
}
/** parseWire as the client calls it (a new tree from the text for zod), and zod's safeParse. */
const both = (schema: $ZodType, text: string) => ({
  ours: outcome(() => parseWire(schema, JSON.parse(text), () => JSON.parse(text))),
  zods: outcome(() => z.safeParse(schema, JSON.parse(text))),
});

// A preprocess that normalizes the reply in place: cents to units.
const price = (amount = classic.number()) =>
  classic.preprocess((p: { amount: number }) => {
    p.amount /= 100;
    return p;
  }, classic.object({ amount }));

// Found by review 46 (each failed before its fix): when the compiled parse gave up, zod parsed the
// same tree again, which a transform or check of the first pass may have changed in place (as zod
// lets it: zod hands them the input too). Valid replies then stored other data than zod's, and
// invalid ones threw a TypeError or got issues zod does not give. zod now parses a tree made anew
// from the text. And an absent optional field whose own parse failed made the whole reply go to
// zod, which leaves such a field out, running every refinement twice.
describe('parseWire: what zod parses when the compiled parse gives up', () => {
  it('a valid reply with an absent optional-of-default field: the data zod gives', () => {
    const schema = classic.object({ price: price(), note: classic.string().default('none').optional() });
    const { ours, zods } = both(schema, '{"price":{"amount":1250}}');
    expect(zods).toEqual({ data: '{"price":{"amount":12.5},"note":"none"}' });
    expect(ours).toEqual(zods);
  });

  it('a valid reply with a pipe from unknown that reverses in place: the data zod gives', () => {
    const schema = z.object({
      tags: z.pipe(
        z.unknown(),
        z.transform((tags) => (tags as string[]).reverse()),
      ),
      code: z.exactOptional(z.string()),
      note: z.optional(z._default(z.string(), 'none')),
    });
    const { ours, zods } = both(schema, '{"tags":["a","b","c"]}');
    expect(zods).toEqual({ data: '{"tags":["c","b","a"],"note":"none"}' });
    expect(ours).toEqual(zods);
  });

  it("an invalid reply: zod's failure, not a TypeError from a transform run twice", () => {
    const schema = classic.object({
      item: classic.preprocess(
        (v: { tags: unknown }) => {
          v.tags = (v.tags as string).split(',');
          return v;
        },
        classic.object({ tags: classic.array(classic.string()) }),
      ),
      id: classic.string(),
    });
    const { ours, zods } = both(schema, '{"item":{"tags":"a,b"},"id":5}');
    expect(zods).toMatchObject({ issues: [{ code: 'invalid_type', path: ['id'] }] });
    expect(ours).toEqual(zods);
  });

  it("an invalid reply: zod's issues, none from validating the first run's output", () => {
    const schema = classic.object({ price: price(classic.number().min(1)), id: classic.string() });
    const { ours, zods } = both(schema, '{"price":{"amount":150},"id":1}');
    expect(zods).toMatchObject({ issues: [{ path: ['id'] }] });
    expect(ours).toEqual(zods);
  });

  it('an overwrite of a checked loose object changes its unknown keys once', () => {
    const schema = z.object({
      meta: z.looseObject({}).check(
        z.overwrite((meta) => {
          (meta.seen as string[]).push('x');
          return meta;
        }),
      ),
      note: z.optional(z._default(z.string(), 'none')),
    });
    const { ours, zods } = both(schema, '{"meta":{"seen":[]}}');
    expect(zods).toEqual({ data: '{"meta":{"seen":["x"]},"note":"none"}' });
    expect(ours).toEqual(zods);
  });

  it('an absent optional field that fails on undefined is left out, with one run of each refinement', () => {
    let calls = 0;
    const schema = z.object({
      name: z.string().check(z.refine(() => ++calls > 0)),
      code: z.exactOptional(z.string()),
      tag: z.optional(z.string()).check(z.refine((tag) => tag !== undefined)),
    });
    const zods = z.safeParse(schema, JSON.parse('{"name":"a"}'));
    const zodCalls = calls;
    calls = 0;
    const ours = parseWire(schema, JSON.parse('{"name":"a"}'), () => JSON.parse('{"name":"a"}'));
    expect(ours).toEqual(zods);
    expect([zodCalls, calls]).toEqual([1, 1]);
  });

  it('an async check of an absent optional field still throws, as in zod', () => {
    const schema = z.object({ code: z.optional(z.string()).check(z.refine(async () => true)) });
    expect(() => z.safeParse(schema, {})).toThrow(/synchronous parse/);
    expect(() => parseWire(schema, {}, () => ({}))).toThrow(/synchronous parse/);
  });
});

// Found by review 47 (each failed before its fix): an absent field, optional out, now runs through
// zod's own run on undefined, every check of it, and is left out on any issue.
describe('parseWire: an absent optional field whose first check fails', () => {
  // zod runs every check of the absent field's payload (a refine's issue does not abort), and only
  // then leaves the field out. parseWire stopped at the first failing check and leaves the field out,
  // so a later check that is async (zod: $ZodAsyncError) or throws was never reached.
  it('an async check after a failing one throws, as in zod', () => {
    const schema = z.object({
      code: z.optional(z.string()).check(
        z.refine((code) => code !== undefined),
        z.refine(async () => true),
      ),
    });
    const { ours, zods } = both(schema, '{}');
    expect(zods).toMatchObject({ threw: expect.stringMatching(/synchronous parse/) });
    expect(ours).toEqual(zods);
  });

  it('a check that throws after a failing one throws, as in zod', () => {
    const schema = classic.object({
      code: classic
        .string()
        .optional()
        .refine((code) => code !== undefined)
        .refine((code) => code!.length === 4),
    });
    const { ours, zods } = both(schema, '{}');
    expect(zods).toMatchObject({ threw: expect.stringMatching(/TypeError/) });
    expect(ours).toEqual(zods);
  });

  it('a valid reply: each refinement runs as often as in zod', () => {
    let calls = 0;
    const schema = z.object({
      name: z.string(),
      tag: z.optional(z.string()).check(
        z.refine((tag) => tag !== undefined),
        z.refine(() => ++calls > 0),
      ),
    });
    const text = '{"name":"a"}';
    const zods = z.safeParse(schema, JSON.parse(text));
    const zodCalls = calls;
    calls = 0;
    const ours = parseWire(schema, JSON.parse(text), () => JSON.parse(text));
    expect(ours).toEqual(zods);
    expect([zodCalls, calls]).toEqual([1, 1]);
  });
});

describe('parseWire: a valid reply with an absent optional-of-default field', () => {
  // `.default(x).optional()` absent: the compiled optional gave MISS ("left to zod"), so every
  // valid reply without the key was parsed twice and each refinement of the whole reply runs twice.
  it('runs each refinement once, as zod does', () => {
    let calls = 0;
    const schema = classic.object({
      name: classic.string().refine(() => ++calls > 0),
      note: classic.string().default('none').optional(),
    });
    const text = '{"name":"a"}';
    const zods = z.safeParse(schema, JSON.parse(text));
    const zodCalls = calls;
    calls = 0;
    const ours = parseWire(schema, JSON.parse(text), () => JSON.parse(text));
    expect(ours).toEqual(zods);
    expect([zodCalls, calls]).toEqual([1, 1]);
  });

  // The same for any absent field optional out whose optin is 'defaulted' and whose parse fails:
  // zod leaves it out ("ignore errors on absent keys"), parseWire sent the whole reply to zod.
  it('a pipe from a default to an optional that refuses the default: each refinement once', () => {
    let calls = 0;
    const schema = z.object({
      name: z.string().check(z.refine(() => ++calls > 0)),
      note: z.pipe(z._default(z.string(), ''), z.optional(z.string().check(z.minLength(1))) as never),
    });
    const text = '{"name":"a"}';
    const zods = z.safeParse(schema, JSON.parse(text));
    const zodCalls = calls;
    calls = 0;
    const ours = parseWire(schema, JSON.parse(text), () => JSON.parse(text));
    expect(zods).toMatchObject({ success: true, data: { name: 'a' } });
    expect(ours).toEqual(zods);
    expect([zodCalls, calls]).toEqual([1, 1]);
  });
});
