import { describe, expect, expectTypeOf, it } from 'vitest';
import * as classic from 'zod';
import * as mini from 'zod/mini';
import { createClient } from '../../client/createClient';
import { ResponseShapeError } from '../../errors/apiError';
import { createEventIngest } from '../../events/eventIngest';
import { createEventRegistry } from '../../events/eventRegistry';
import { createEntityStore } from '../../store/entityStore';
import { defineResource, nullable, versionFields } from '../defineResource';

// The built-in schemas are `zod/mini`; an application may describe its own resources with classic
// `zod` or with `zod/mini`. Both are zod core `$ZodType`s and go through the same parse.
const classicSchema = classic.looseObject({
  card_id: classic.string().min(1),
  version: classic.number().int().min(1),
  version_time: classic.string(),
  holder: classic.string().nullable().default(null),
});
const miniSchema = mini.looseObject({
  card_id: mini.string().check(mini.minLength(1)),
  ...versionFields,
  holder: nullable(mini.string()),
});

const flavours = [
  [
    'classic zod',
    defineResource({
      type: 'card',
      idKey: 'card_id',
      schema: classicSchema,
      path: '/cards',
      updatable: ['holder'],
      history: true,
    }),
  ],
  [
    'zod/mini',
    defineResource({
      type: 'card',
      idKey: 'card_id',
      schema: miniSchema,
      path: '/cards',
      updatable: ['holder'],
      history: true,
    }),
  ],
] as const;

const card = (version: number, extra: Record<string, unknown> = {}) => ({
  card_id: 'c_1',
  version,
  version_time: '2025-01-01T00:00:00Z',
  ...extra,
});

function clientAnswering(body: (url: string) => unknown) {
  return createClient({
    baseUrl: 'https://api.test',
    getToken: () => 'token',
    fetch: async (input) => Response.json(body(String(input)), { status: 200 }),
    retry: { budget: false },
  });
}

describe("a user's defineResource with a classic or a mini schema", () => {
  it('types both alike', () => {
    for (const [, def] of flavours) expectTypeOf(def.updatable).toEqualTypeOf<readonly 'holder'[]>();
    type Classic = classic.output<typeof classicSchema>;
    type Mini = mini.output<typeof miniSchema>;
    expectTypeOf<Classic['holder']>().toEqualTypeOf<string | null>();
    expectTypeOf<Mini['holder']>().toEqualTypeOf<string | null>();
    expectTypeOf<Mini['version']>().toEqualTypeOf<number>();
  });

  for (const [name, def] of flavours) {
    describe(name, () => {
      it('validates a read, fills defaults, keeps unknown fields and stores it', async () => {
        const client = clientAnswering(() => card(2, { extra: 'kept' }));
        const read = await client.resource(def).get('c_1');
        expect(read).toEqual(card(2, { holder: null, extra: 'kept' }));
        expect(client.store.get('card', 'c_1')).toEqual(read);
      });

      it('refuses a read of the wrong shape with a ResponseShapeError naming the field, storing nothing', async () => {
        const client = clientAnswering(() => card(0, { card_id: 42 }));
        const error = await client
          .resource(def)
          .get('c_1')
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ResponseShapeError);
        const paths = (error as ResponseShapeError).issues.map((i) => i.path.join('.'));
        expect(paths).toEqual(expect.arrayContaining(['card_id', 'version']));
        expect(client.store.get('card', 'c_1')).toBeUndefined();
      });

      it('validates each history entry through the schema', async () => {
        const client = clientAnswering(() => ({ data: [card(1), card(2, { holder: 'Ada' })] }));
        const history = await client.resource(def).history('c_1');
        expect(history.map((c) => [c.version, c.holder])).toEqual([
          [1, null],
          [2, 'Ada'],
        ]);
        const bad = clientAnswering(() => ({ data: [card(1), { card_id: '' }] }));
        await expect(bad.resource(def).history('c_1')).rejects.toBeInstanceOf(ResponseShapeError);
      });

      it('validates event payloads registered with it', () => {
        const store = createEntityStore();
        const ingest = createEventIngest(store, {
          registry: createEventRegistry([['card.*', { type: 'card', idKey: 'card_id', schema: def.schema }]]),
        });
        const event = (data: unknown) => ({ schema_version: '1.0', event_type: 'card.updated', data });
        expect(ingest.ingest(event(card(3)))).toBe('applied');
        expect(store.get('card', 'c_1')).toEqual(card(3, { holder: null }));
        expect(ingest.ingest(event({ card_id: 'c_1', version: 'x' }))).toBe('ignored');
      });
    });
  }
});
