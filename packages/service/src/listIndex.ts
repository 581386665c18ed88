/**
 * The order and the filter indexes of one listed collection. Each item gets an ordinal when it is
 * first tracked (creation order; ordinals are never reused, since nothing is ever removed), and for
 * each filter field a sorted array of the ordinals whose current value has that key. A page starts
 * with a binary search in the most selective array, so reading one costs O(log n) plus the items
 * it looks at, however deep into the walk it is.
 */
export interface ListIndex<T> {
  /** Records an item's latest state; a new id goes last. Call it after every write. */
  track(id: string, item: T): void;
  /**
   * Up to `limit` listed items after ordinal `after` (-1: from the first) whose fields equal every
   * filter (by `filterKey`), in creation order; `last` is the ordinal of the last one, and `more`
   * tells whether a further item matches now.
   */
  page(after: number, limit: number, filters: ReadonlyMap<string, string>): ListPage<T>;
  /** Items ever tracked (the highest ordinal + 1). */
  readonly size: number;
}

export interface ListPage<T> {
  items: T[];
  last: number;
  more: boolean;
}

interface Entry<T> {
  item: T;
  /** `filterKey` of each indexed field, in the order of `fields`. */
  keys: (string | undefined)[];
  listed: boolean;
}

/**
 * The text a field's value is compared by: a string as it is, a finite number or a boolean as its
 * JSON text (so `total=10` finds `total: 10`). Anything else (objects, null, absent) matches no
 * filter value.
 */
export function filterKey(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean')
    return JSON.stringify(value);
  return undefined;
}

/** Index of the first element greater than `after` in an ascending array. */
export function firstAbove(sorted: readonly number[], after: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] as number) <= after) low = mid + 1;
    else high = mid;
  }
  return low;
}

function insertSorted(sorted: number[], value: number): void {
  // Creates append (the newest ordinal is the largest); an update may land anywhere.
  const last = sorted.at(-1);
  if (last === undefined || last < value) sorted.push(value);
  else sorted.splice(firstAbove(sorted, value), 0, value);
}

function removeSorted(sorted: number[], value: number): void {
  const at = firstAbove(sorted, value - 1);
  if (sorted[at] === value) sorted.splice(at, 1);
}

/**
 * `fields` are the filterable fields; `listed` says whether an item shows in lists at all (an
 * account whose deletion completed does not), and has its own sorted array when given.
 */
export function createListIndex<T extends object>(
  fields: readonly string[],
  listed?: (item: T) => boolean,
): ListIndex<T> {
  const ordinals = new Map<string, number>();
  const entries: Entry<T>[] = [];
  const byValue = fields.map(() => new Map<string, number[]>());
  const shown: number[] = [];

  const keysOf = (item: T): (string | undefined)[] =>
    fields.map((field) =>
      Object.hasOwn(item, field) ? filterKey((item as Record<string, unknown>)[field]) : undefined,
    );

  const index = (ordinal: number, keys: (string | undefined)[], add: boolean): void => {
    keys.forEach((key, i) => {
      if (key === undefined) return;
      const values = byValue[i] as Map<string, number[]>;
      const sorted = values.get(key);
      if (add) {
        if (sorted) insertSorted(sorted, ordinal);
        else values.set(key, [ordinal]);
      } else if (sorted) {
        removeSorted(sorted, ordinal);
        if (sorted.length === 0) values.delete(key);
      }
    });
  };

  return {
    track(id, item) {
      const keys = keysOf(item);
      const isListed = listed ? listed(item) : true;
      const known = ordinals.get(id);
      if (known === undefined) {
        const ordinal = entries.length;
        ordinals.set(id, ordinal);
        entries.push({ item, keys, listed: isListed });
        index(ordinal, keys, true);
        if (isListed) shown.push(ordinal);
        return;
      }
      const entry = entries[known] as Entry<T>;
      if (keys.some((key, i) => key !== entry.keys[i])) {
        index(known, entry.keys, false);
        index(known, keys, true);
      }
      if (listed && isListed !== entry.listed) {
        if (isListed) insertSorted(shown, known);
        else removeSorted(shown, known);
      }
      entries[known] = { item, keys, listed: isListed };
    },

    page(after, limit, filters) {
      const wanted: [number, string][] = [];
      // The candidates: the shortest array that every match must be in.
      let candidates: readonly number[] | undefined = listed ? shown : undefined;
      for (const [field, key] of filters) {
        const i = fields.indexOf(field);
        if (i < 0) return { items: [], last: after, more: false };
        wanted.push([i, key]);
        const sorted = (byValue[i] as Map<string, number[]>).get(key) ?? [];
        if (candidates === undefined || sorted.length < candidates.length) candidates = sorted;
      }
      const matches = (entry: Entry<T>): boolean =>
        entry.listed && wanted.every(([i, key]) => entry.keys[i] === key);

      const items: T[] = [];
      let last = after;
      // Without a filter or a `listed` test every ordinal is a candidate: the range after `after`.
      const total = candidates ? candidates.length : entries.length;
      let at = candidates ? firstAbove(candidates, after) : Math.max(after + 1, 0);
      for (; at < total; at += 1) {
        const ordinal = candidates ? (candidates[at] as number) : at;
        const entry = entries[ordinal] as Entry<T>;
        if (!matches(entry)) continue;
        if (items.length === limit) return { items, last, more: true };
        items.push(entry.item);
        last = ordinal;
      }
      return { items, last, more: false };
    },

    get size() {
      return entries.length;
    },
  };
}
