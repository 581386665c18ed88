import type { $ZodType } from 'zod/v4/core';

/** How the payloads of one family of event types map onto the store. */
export interface EventRegistration {
  /** Store type the payload's `data` is applied to, e.g. `spend_control`. */
  readonly type: string;
  /** Field of `data` holding the entity id, e.g. `spend_control_id`. */
  readonly idKey: string;
  /** The id of a parsed payload, when `idKey` does not hold it as a string (a resource's `id`). */
  readonly id?: ((entity: object) => string) | undefined;
  /** Validates `data` at the boundary; the parsed output is what reaches the store. */
  readonly schema: $ZodType<object>;
  /**
   * `remove` tombstones the key instead of applying `data` (for `*.deleted` events whose entity
   * no longer exists on the service).
   * @default 'apply'
   */
  readonly action?: 'apply' | 'remove';
}

/**
 * Which webhook `event_type` maps to which store type, and how to find the id (and whether the
 * event applies or removes). Lookups never reach `Object.prototype`.
 */
export interface EventRegistry {
  /**
   * Adds or replaces a mapping. `pattern` is an exact `event_type` (`spend_control.updated`) or a
   * family ending in `.*` (`spend_control.*`). Returns the registry for chaining.
   */
  register(pattern: string, registration: EventRegistration): EventRegistry;
  /** Exact match first, then the nearest family: `a.b.c` tries `a.b.c`, `a.b.*`, `a.*`. */
  resolve(eventType: string): EventRegistration | undefined;
  /** The registered patterns, for diagnostics. */
  patterns(): string[];
}

/**
 * A registry from `event_type` to store type. A `Map` rather than an object literal: event types
 * come from the network, and a key like `__proto__` or `constructor` must find nothing.
 */
export function createEventRegistry(
  entries: Iterable<readonly [string, EventRegistration]> = [],
): EventRegistry {
  const byPattern = new Map<string, EventRegistration>();
  const registry: EventRegistry = {
    register(pattern, registration) {
      if (pattern.length === 0 || (pattern.includes('*') && !pattern.endsWith('.*'))) {
        throw new TypeError(
          `Invalid event pattern "${pattern}": use an exact event_type or a family like "account.*".`,
        );
      }
      byPattern.set(pattern, registration);
      return registry;
    },
    resolve(eventType) {
      const exact = byPattern.get(eventType);
      if (exact) return exact;
      let end = eventType.lastIndexOf('.');
      while (end > 0) {
        const family = byPattern.get(`${eventType.slice(0, end)}.*`);
        if (family) return family;
        end = eventType.lastIndexOf('.', end - 1);
      }
      return undefined;
    },
    patterns: () => [...byPattern.keys()],
  };
  for (const [pattern, registration] of entries) registry.register(pattern, registration);
  return registry;
}
