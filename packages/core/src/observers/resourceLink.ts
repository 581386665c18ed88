import type { ClientContext } from '../client/clientContext';

// The client a resource or task client was made by. A WeakMap rather than a field: the context is
// internal, and keeping it off the public object keeps it out of autocompletion and snapshots.
const links = new WeakMap<object, ClientContext>();

/**
 * Records which client `part` belongs to (the client itself, or one of its resource or task clients),
 * so an observer, `getClientEvents` or `dehydrate` given it finds the client's store and requests.
 */
export function linkResource<T extends object>(part: T, ctx: ClientContext): T {
  links.set(part, ctx);
  return part;
}

/**
 * The context of a client part; a TypeError for anything a vstore client did not make. A part derived
 * from one (`Object.create(client.tasks)` with a `poll` of its own, say, to poll from one tab only)
 * belongs to the same client: the prototype chain is followed, and the derived part's own methods
 * are the ones observers call.
 */
export function contextOf(part: object): ClientContext {
  let ctx: ClientContext | undefined;
  for (let at: object | null = part; at !== null && !ctx; at = Object.getPrototypeOf(at)) ctx = links.get(at);
  if (!ctx)
    throw new TypeError(
      'not made by a vstore client: pass a client from createClient (or an object made from it with ' +
        'Object.create; a spread copy is not one), client.spendControls, client.tasks or ' +
        'client.resource(definition), from the same copy of @vstore/core',
    );
  return ctx;
}
