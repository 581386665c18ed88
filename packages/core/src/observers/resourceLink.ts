import type { ClientContext } from '../client/clientContext';

// The client a resource or task client was made by. A WeakMap rather than a field: the context is
// internal, and keeping it off the public object keeps it out of autocompletion and snapshots.
const links = new WeakMap<object, ClientContext>();

/** Records which client `part` belongs to, so an observer of it finds the client's store and requests. */
export function linkResource<T extends object>(part: T, ctx: ClientContext): T {
  links.set(part, ctx);
  return part;
}

/** The context of a client part; a TypeError for anything a vstore client did not make. */
export function contextOf(part: object): ClientContext {
  const ctx = links.get(part);
  if (!ctx)
    throw new TypeError(
      'not a vstore resource client: pass client.spendControls, client.tasks or client.resource(definition)',
    );
  return ctx;
}
