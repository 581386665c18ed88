// Found by review 37 (failed before its fix): the major was read only after the v1 envelope had
// validated, so a payload of a new major whose envelope differs (where a new major is most likely to
// change it) was ignored as 'invalid-envelope', silently, rather than refused as API.md says.
import { expect, it } from 'vitest';
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
