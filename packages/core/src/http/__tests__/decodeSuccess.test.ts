import { describe, expect, it } from 'vitest';
import { z as classic } from 'zod';
import { ResponseShapeError } from '../../errors/apiError';
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
