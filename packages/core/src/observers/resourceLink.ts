import type { ClientContext } from '../client/clientContext';

// The client a resource or task client was made by. A WeakMap rather than a field: the context is
// internal, and keeping it off the public object keeps it out of autocompletion and snapshots.
const links = new WeakMap<object, ClientContext>();

/** Records which client `part` belongs to, so an observer of it finds the client's store and requests. */
export function linkResource<T extends object>(part: T, ctx: ClientContext): T {
  links.set(part, ctx);
  return part;
}

/**
 * The context of a client part, or of a part derived from one with `Object.create(part)` (an app
 * that wraps `client.tasks` to poll from one tab keeps its client); a TypeError for anything else.
 */
export function contextOf(part: object): ClientContext {
  let ctx: ClientContext | undefined;
  // A prototype chain is finite and acyclic, so the walk ends.
  for (let at: object | null = part; at !== null && ctx === undefined; at = Object.getPrototypeOf(at))
    ctx = links.get(at);
  if (!ctx)
    throw new TypeError(
      'not a vstore resource client: pass client.spendControls, client.tasks or client.resource(definition)',
    );
  return ctx;
}
