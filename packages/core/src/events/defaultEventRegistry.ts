import { accounts } from '../resources/accounts';
import type { ResourceDefinition } from '../resources/defineResource';
import { spendControls } from '../resources/spendControls';
import { tasks } from '../resources/tasks';
import { createEventRegistry, type EventRegistration, type EventRegistry } from './eventRegistry';

/** An event registration that validates `data` with a resource's own read schema. */
export function eventsOf(
  resource: Pick<ResourceDefinition, 'type' | 'idKey' | 'schema'> & {
    id?: ((entity: never) => string) | undefined;
  },
): EventRegistration {
  const id = resource.id as EventRegistration['id'];
  return { type: resource.type, idKey: resource.idKey, schema: resource.schema, id };
}

/**
 * The built-in mapping: `spend_control.*`, `account.*` and `task.*` to their resources, with
 * `account.deleted` as a removal because a deleted account reads 404 from then on. A new registry
 * on every call, so one client's `register` never leaks into another's.
 */
export function createDefaultEventRegistry(): EventRegistry {
  return createEventRegistry([
    ['spend_control.*', eventsOf(spendControls)],
    ['account.*', eventsOf(accounts)],
    ['account.deleted', { ...eventsOf(accounts), action: 'remove' }],
    ['task.*', eventsOf(tasks)],
  ]);
}
