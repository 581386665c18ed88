import { isServerRender } from './isServerRender';
import {
  type ComputedRef,
  computed,
  type MaybeRefOrGetter,
  onServerPrefetch,
  shallowRef,
  toValue,
  watch,
} from './vue';

interface Observer<R> {
  getResult(): R;
  subscribe(listener: () => void): () => void;
}

/**
 * Wiring: a core observer per value of `inputs`, its result in a shallowRef that its listener
 * replaces (the result is a new object only when a field changed, so refs trigger only then). The
 * old observer is unsubscribed as the inputs change and when the scope ends. On the server nothing
 * subscribes (components never unmount there): results are read when rendering, after `prefetch`
 * ran in serverPrefetch.
 */
export function useObserverRefs<R, O extends Observer<R>, TKey extends readonly unknown[]>(
  inputs: { readonly [K in keyof TKey]: MaybeRefOrGetter<TKey[K]> },
  create: (...key: TKey) => O | undefined,
  idle: R,
  prefetch?: (observer: O) => Promise<void>,
): { result: ComputedRef<R>; observer: () => O | undefined } {
  const key = () => inputs.map((input) => toValue(input)) as unknown as TKey;
  if (isServerRender()) {
    let made: O | undefined;
    const current = () => {
      made ??= create(...key());
      return made;
    };
    if (prefetch) onServerPrefetch(() => (current() ? prefetch(current() as O) : undefined));
    // A server-side computed is evaluated on every read, after serverPrefetch filled the store.
    return { result: computed(() => current()?.getResult() ?? idle), observer: current };
  }
  const observer = shallowRef<O>();
  const result = shallowRef<R>(idle);
  watch(
    inputs.map((input) => () => toValue(input)),
    (values, _, onCleanup) => {
      const made = create(...(values as unknown as TKey));
      observer.value = made;
      const sync = () => {
        result.value = made ? made.getResult() : idle;
      };
      // Read before subscribing: a fresh copy shows with isFetching false, and no read starts.
      sync();
      if (made) onCleanup(made.subscribe(sync));
    },
    { immediate: true },
  );
  return { result: computed(() => result.value), observer: () => observer.value };
}
