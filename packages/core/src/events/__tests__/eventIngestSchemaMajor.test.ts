// Found by review 37 (failed before its fix): the major was read only after the v1 envelope had
// validated, so a payload of a new major whose envelope differs (where a new major is most likely to
// change it) was ignored as 'invalid-envelope', silently, rather than refused as API.md says.
import { describe, expect, it } from 'vitest';
import { UnsupportedSchemaVersionError } from '../../errors/unsupportedSchemaVersionError';
import { createEntityStore } from '../../store/entityStore';
import { createDefaultEventRegistry } from '../defaultEventRegistry';
import { createEventIngest, type IngestReport } from '../eventIngest';

const data = {
  spend_control_id: 'sc_1',
  version: 3,
  version_time: '2024-01-01T00:00:00Z',
  name: 'Travel',
  status: 'active',
  limit: { amount: 100, currency: 'EUR' },
  interval: 'monthly',
  account_id: 'acc_1',
};
// payload whose envelope differs is dropped as 'invalid-envelope', silently.
it.each([
  ['event_type renamed to type', { schema_version: '2.0', type: 'spend_control.updated', data }],
  [
    'event_type moved into a meta object',
    { schema_version: '2.0', meta: { event_type: 'spend_control.updated' }, data },
  ],
  ['event_type as a list', { schema_version: '3.0', event_type: ['spend_control.updated'], data }],
])(
  'a payload of an unsupported schema major is refused loudly even when its envelope differs (%s)',
  (_, payload) => {
    const store = createEntityStore();
    const ingest = createEventIngest(store, { registry: createDefaultEventRegistry() });
    const reports: IngestReport[] = [];
    ingest.reports$.subscribe((r) => reports.push(r));
    let outcome: unknown;
    let thrown: unknown;
    try {
      outcome = ingest.ingest(payload);
    } catch (error) {
      thrown = error;
    }
    expect({ outcome, reason: reports[0]?.reason }).toEqual({ outcome: undefined, reason: undefined });
    expect(thrown).toBeInstanceOf(UnsupportedSchemaVersionError);
    expect(ingest.getStats()).toMatchObject({ unsupported: 1, ignored: 0 });
  },
);

it('still ignores a payload whose schema_version is not a string, as a malformed envelope', () => {
  const ingest = createEventIngest(createEntityStore(), { registry: createDefaultEventRegistry() });
  for (const payload of [null, 'text', [], { schema_version: 2, event_type: 'spend_control.updated', data }])
    expect(ingest.ingest(payload)).toBe('ignored');
  expect(ingest.getStats()).toMatchObject({ unsupported: 0, ignored: 4 });
});

// Found by review 40 (failed before its fix): the early major check read schema_version as an own
// property only, while the envelope check reads inherited ones too, so a payload whose schema_version
// came from its prototype (a class getter, Object.create) passed unread and was applied as v1.
class WebhookEvent {
  constructor(
    readonly event_type: string,
    readonly data: unknown,
  ) {}
  get schema_version(): string {
    return '2.0';
  }
}

describe('a schema_version the payload inherits', () => {
  it.each([
    ['a class getter', () => new WebhookEvent('spend_control.updated', data)],
    [
      'Object.create',
      () =>
        Object.assign(Object.create({ schema_version: '2.0' }), {
          event_type: 'spend_control.updated',
          data,
        }),
    ],
  ])('is read for its major, as the envelope check reads it (%s)', (_, make) => {
    const store = createEntityStore();
    const ingest = createEventIngest(store, { registry: createDefaultEventRegistry() });
    let outcome: unknown;
    let thrown: unknown;
    try {
      outcome = ingest.ingest(make());
    } catch (error) {
      thrown = error;
    }
    expect({ outcome, stored: store.get('spend_control', 'sc_1') !== undefined }).toEqual({
      outcome: undefined,
      stored: false,
    });
    expect(thrown).toBeInstanceOf(UnsupportedSchemaVersionError);
  });
});

it('refuses a schema_version that reads as supported first and unsupported when the envelope is checked', () => {
  const store = createEntityStore();
  const ingest = createEventIngest(store, { registry: createDefaultEventRegistry() });
  let reads = 0;
  const payload = {
    event_type: 'spend_control.updated',
    data,
    get schema_version() {
      reads += 1;
      return reads === 1 ? '1.0' : '2.0';
    },
  };
  expect(() => ingest.ingest(payload)).toThrow(UnsupportedSchemaVersionError);
  expect(store.get('spend_control', 'sc_1')).toBeUndefined();
});
