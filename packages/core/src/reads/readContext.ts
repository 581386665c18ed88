import type { ResourceDefinition } from '../resources/defineResource';
import type { ResourceContext } from '../resources/resourceContext';
import type { ResourceOps } from '../resources/resourceOps';
import type { EntityView } from './entityView';
import type { ReadCache } from './readCache';

/** What the reads of one client share: the resource context, its read cache and defaults. */
export interface ReadContext extends ResourceContext {
  readonly reads: ReadCache;
  /** Default `maxAgeMs` of latest reads. */
  readonly maxAgeMs: number;
  /** What observers show of an entity: the store's copy, or a pending change over it (see `EntityView`). */
  readonly view: EntityView;
  readonly environment: string | undefined;
  /** The definition of each type this client has a resource client for (what `hydrate` checks entities with). */
  readonly definitions: Map<string, ResourceDefinition>;
}

/** What a client part (the client, or one of its resource or task clients) was made with. */
export interface PartLink {
  readonly ctx: ReadContext;
  /** A resource client's operations, which observers read with. */
  readonly ops?: ResourceOps<object, string, unknown> | undefined;
}

// A WeakMap rather than a field: the context is internal, and keeping it off the public object keeps
// it out of autocompletion and snapshots.
const links = new WeakMap<object, PartLink>();

/** Records which client `part` belongs to, so observers, events and server rendering given it find the client. */
export function linkPart<T extends object>(part: T, link: PartLink): T {
  links.set(part, link);
  return part;
}

/**
 * The link of a client part; a TypeError for anything a vstore client did not make. A part derived
 * from one (`Object.create(client.tasks)` with a `poll` of its own, say, to poll from one tab only)
 * belongs to the same client: the prototype chain is followed, and the derived part's own methods
 * are the ones observers call.
 */
export function linkOf(part: object): PartLink {
  let link: PartLink | undefined;
  for (let at: object | null = part; at !== null && !link; at = Object.getPrototypeOf(at))
    link = links.get(at);
  if (!link)
    throw new TypeError(
      'not made by a vstore client: pass a client from createClient (or an object made from it with ' +
        'Object.create; a spread copy is not one), client.spendControls, client.tasks or ' +
        'client.resource(definition), from the same copy of @vstore/core',
    );
  return link;
}

/** The read context of a client part (see `linkOf`). */
export const contextOf = (part: object): ReadContext => linkOf(part).ctx;
