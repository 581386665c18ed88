import { isServerRender } from './isServerRender';
import {
  type ComputedRef,
  computed,
  getCurrentInstance,
  getCurrentScope,
  type MaybeRefOrGetter,
  onMounted,
  onScopeDispose,
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
  const sync = () => {
    result.value = observer.value ? observer.value.getResult() : idle;
  };
  // In a component, subscribing (which may start a read) waits for mount, as React's effects do: the
  // first render, which hydration compares with the server's markup, shows the observer's state as it
  // is (a hydrated read with isFetching false), not a read that setup just started.
  let mounted = !getCurrentInstance();
  let unsubscribe: (() => void) | undefined;
  const attach = () => {
    unsubscribe?.();
    unsubscribe = observer.value?.subscribe(sync);
    sync();
  };
  watch(
    inputs.map((input) => () => toValue(input)),
    (values) => {
      observer.value = create(...(values as unknown as TKey));
      // Read before subscribing: a fresh copy shows with isFetching false, and no read starts.
      sync();
      if (mounted) attach();
    },
    { immediate: true },
  );
  if (!mounted)
    onMounted(() => {
      mounted = true;
      attach();
    });
  if (getCurrentScope()) onScopeDispose(() => unsubscribe?.());
  return { result: computed(() => result.value), observer: () => observer.value };
}
