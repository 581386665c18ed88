// Found by review 40 (failed before its fix): the early major check read schema_version as an own
// property only, while the envelope check reads inherited ones too, so a payload whose schema_version
// came from its prototype (a class getter, Object.create) passed unread and was applied as v1.
import { describe, expect, it } from 'vitest';
import { UnsupportedSchemaVersionError } from '../../errors/unsupportedSchemaVersionError';
import { createEntityStore } from '../../store/entityStore';
import { createDefaultEventRegistry } from '../defaultEventRegistry';
import { createEventIngest } from '../eventIngest';

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
