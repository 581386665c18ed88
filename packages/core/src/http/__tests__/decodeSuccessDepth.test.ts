// Found by review 48 (each failed before its fix): ceceb2a walked the schema's output for depth only
// when the text had more than 256 literal brackets, and never when the output was the parsed body
// itself. A string may spell its brackets as \u005b, and a transform may grow the body in place and
// return it: a value nested 100,000 deep reached the store, whose recursive freeze overflowed the
// stack. The output is now always walked.
import { describe, expect, it } from 'vitest';
import { z as classic } from 'zod';
import { createClient } from '../../client/createClient';
import { ResponseShapeError } from '../../errors/apiError';
import { defineResource } from '../../resources/defineResource';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../wire/depth';
import { decodeSuccess } from '../request';

const DEPTH = 100_000;
const request = () => ({ method: 'GET', endpoint: '/items/i1', time: '2025-01-01T00:00:00.000Z' });

async function getThrough(schema: classic.ZodType<{ item_id: string }>, text: string) {
  const items = defineResource({ type: 'item', idKey: 'item_id', schema, path: '/items', versioned: false });
  const fetch = async () =>
    new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
  const client = createClient({ baseUrl: 'https://api.test', getToken: () => 't', fetch });
  return client
    .resource(items)
    .get('i1')
    .then(
      () => undefined,
      (caught: unknown) => caught,
    );
}

describe('decodeSuccess: a transform output nested too deep', () => {
  // The very schema of decodeSuccess.test.ts's depth test (embedded JSON text decoded by the schema).
  const embedded = classic.looseObject({
    item_id: classic.string(),
    meta: classic.string().transform((text) => JSON.parse(text) as unknown),
  });
  // The same embedded JSON, its brackets escaped as JSON allows: the text has one '{' in all.
  const escaped = `{"item_id":"i1","meta":"${'\\u005b'.repeat(DEPTH)}${'\\u005d'.repeat(DEPTH)}"}`;

  it('decodeSuccess refuses it when the embedded brackets are escaped (\\u005b)', () => {
    let out: unknown;
    let error: unknown;
    try {
      out = decodeSuccess({ status: 200, headers: new Headers(), text: escaped }, embedded, request);
    } catch (caught) {
      error = caught;
    }
    expect({ tooDeep: out !== undefined && nestsDeeperThan(out, MAX_JSON_DEPTH), error }).toEqual({
      tooDeep: false,
      error: expect.any(ResponseShapeError),
    });
  });

  it('through the client: a ResponseShapeError, not a RangeError', async () => {
    const error = await getThrough(embedded, escaped);
    expect(String(error)).not.toMatch(/RangeError/);
    expect(error).toBeInstanceOf(ResponseShapeError);
  });

  it('through the client: a transform that grows the body in place and returns it', async () => {
    // An untyped sub-object decoded in place (`any` hands the transform the body's own object).
    const inPlace = classic.object({
      item_id: classic.string(),
      meta: classic.any().transform((meta: { tree: unknown }) => {
        meta.tree = JSON.parse(meta.tree as string);
        return meta;
      }),
    });
    const text = JSON.stringify({
      item_id: 'i1',
      meta: { tree: `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}` },
    });
    const error = await getThrough(inPlace, text);
    expect(String(error)).not.toMatch(/RangeError/);
    expect(error).toBeInstanceOf(ResponseShapeError);
  });
});
