import type { Client, Entity, EntityStore } from '@vstore/core';
import { useClient } from './createVStore';
import { isServerRender } from './isServerRender';
import {
  type MaybeRefOrGetter,
  type ShallowRef,
  shallowReadonly,
  shallowRef,
  toRef,
  toValue,
  watch,
} from './vue';
import { warnOutsideScope } from './warnOutsideScope';

/** `useEntity` without the scope warning, for composables that already gave it. */
export function entityRef<T extends object>(
  store: EntityStore,
  type: MaybeRefOrGetter<string>,
  id: MaybeRefOrGetter<string | undefined>,
): Readonly<ShallowRef<T | undefined>> {
  const get = (t: string, i: string | undefined) => (i === undefined ? undefined : store.get<T>(t, i));
  // On the server nothing may subscribe (components never unmount there), and the value must be
  // read when rendering, after serverPrefetch has filled the store. A getter ref reads the store on
  // every access; a computed would not do: on the server Vue keeps a computed's value until some
  // reactive write, and filling the store is none, so a read in setup would stick.
  if (isServerRender()) return toRef(() => get(toValue(type), toValue(id)));
  const entity = shallowRef<T>();
  watch(
    [() => toValue(type), () => toValue(id)],
    ([t, i], _, onCleanup) => {
      // The store hands out one frozen object per version, so identity tells the ref whether to trigger.
      const read = () => {
        entity.value = get(t, i);
      };
      read();
      if (i !== undefined) onCleanup(store.subscribe(t, i, read));
    },
    { immediate: true },
  );
  return shallowReadonly(entity);
}

/**
 * The store's copy of one entity, as a readonly ref that changes only when that key gets a newer
 * version: stale and duplicate writes and other keys never trigger it. Follows `type` and `id`.
 */
export function useEntity<T extends object = Entity>(
  type: MaybeRefOrGetter<string>,
  id: MaybeRefOrGetter<string | undefined>,
  options: { client?: Client } = {},
): Readonly<ShallowRef<T | undefined>> {
  warnOutsideScope('useEntity');
  return entityRef<T>(useClient(options.client).store, type, id);
}
