import { describe, expect, it } from 'vitest';
import { z as classic } from 'zod';
import { createClient } from '../../client/createClient';
import { ResponseShapeError } from '../../errors/apiError';
import { defineResource } from '../../resources/defineResource';
import { decodeSuccess } from '../request';

const request = () => ({ method: 'GET', endpoint: '/items/1', time: '2025-01-01T00:00:00.000Z' });
/** What decodeSuccess throws for a 200 with `text`, or undefined. */
const thrown = (text: string, schema: classic.ZodType) => {
  try {
    decodeSuccess({ status: 200, headers: new Headers(), text }, schema, request);
  } catch (error) {
    return error;
  }
  return undefined;
};

// Found by review 46 (each failed before its fix).
describe('decodeSuccess', () => {
  it('throws a ResponseShapeError for a reply the schema refuses, even when a transform of it throws on a second run', () => {
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
    const error = thrown('{"item":{"tags":"a,b"},"id":5}', schema);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as ResponseShapeError).issues).toMatchObject([{ path: ['id'] }]);
  });

  it('refuses a body nested thousands deep before the schema walks it (a RangeError before)', () => {
    type Node = { name: string; child?: Node | undefined };
    const node: classic.ZodType<Node> = classic.object({
      name: classic.string(),
      get child() {
        return node.optional();
      },
    });
    let text = '{"name":"leaf"}';
    for (let i = 0; i < 5000; i++) text = `{"name":"n","child":${text}}`;
    const error = thrown(text, node);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as ResponseShapeError).issues).toMatchObject([{ code: 'too_deep' }]);
  });
});

// Found by review 47 (each failed before its fix): a transform that threw escaped decodeSuccess
// and the client took it for a network failure, sent five times; and c22128a's depth walk of the
// body alone let a transform's deep output through.
describe('decodeSuccess: a reply on which a transform of the schema throws', () => {
  // A preprocess that assumes a string (the common `(v) => v.trim()`), given a number.
  const item = classic.looseObject({
    item_id: classic.string(),
    name: classic.preprocess((v) => (v as string).trim(), classic.string()),
  });
  const text = '{"item_id":"i1","name":5}';
  const request = () => ({ method: 'GET', endpoint: '/items/i1', time: '2025-01-01T00:00:00.000Z' });

  it('decodeSuccess throws a ResponseShapeError, not the TypeError', () => {
    let error: unknown;
    try {
      decodeSuccess({ status: 200, headers: new Headers(), text }, item, request);
    } catch (caught) {
      error = caught;
    }
    expect(String(error)).not.toMatch(/^TypeError/);
    expect(error).toBeInstanceOf(ResponseShapeError);
  });

  it('through the client: one request, a ResponseShapeError (not a NetworkError retried)', async () => {
    const items = defineResource({
      type: 'item',
      idKey: 'item_id',
      schema: item,
      path: '/items',
      versioned: false,
    });
    let sent = 0;
    const fetch = async () => {
      sent++;
      return new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const client = createClient({
      baseUrl: 'https://api.test',
      getToken: () => 't',
      fetch,
      retry: { baseDelayMs: 1, maxDelayMs: 1, budget: false },
    });
    const error = await client
      .resource(items)
      .get('i1')
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect([sent, (error as Error).name, (error as Error).message.slice(0, 120)]).toEqual([
      1,
      'ResponseShapeError',
      expect.anything(),
    ]);
  });
});

describe('decodeSuccess: what the schema outputs is walked for depth too', () => {
  // A field carrying embedded JSON text, decoded by the schema. The body itself nests two levels;
  // the value the schema gives nests 100,000. c22128a walked only the body, so that output
  // reached the store, whose recursive freeze overflowed the stack: the caller got a RangeError.
  it('a reply whose parsed value nests 100,000 deep rejects with ResponseShapeError, not a RangeError', async () => {
    const item = classic.looseObject({
      item_id: classic.string(),
      meta: classic.string().transform((text) => JSON.parse(text) as unknown),
    });
    const items = defineResource({
      type: 'item',
      idKey: 'item_id',
      schema: item,
      path: '/items',
      versioned: false,
    });
    const text = JSON.stringify({ item_id: 'i1', meta: `${'['.repeat(100_000)}${']'.repeat(100_000)}` });
    const fetch = async () =>
      new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
    const client = createClient({ baseUrl: 'https://api.test', getToken: () => 't', fetch });
    const error = await client
      .resource(items)
      .get('i1')
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(String(error)).not.toMatch(/RangeError/);
    expect(error).toBeInstanceOf(ResponseShapeError);
  });
});
