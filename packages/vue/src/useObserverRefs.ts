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
 * Wiring: a core observer per value of `inputs`, its result read through a computed that the
 * observer's listener invalidates. The result is a new object only when a field changed, so the
 * computed triggers only then. The old observer is unsubscribed as the inputs change and when the
 * scope ends.
 *
 * In a component nothing subscribes before mount, as React's effects do: the first render, which
 * hydration compares with the server's markup, shows the observer's state as it is (a hydrated read
 * with isFetching false), not a read that setup just started. Server rendering never mounts, so
 * nothing subscribes or polls there (components never unmount on the server); `prefetch` runs in
 * serverPrefetch, and the render after it reads the filled store. `act` runs an action of the
 * current observer (none while the inputs name none).
 */
export function useObserverRefs<R, O extends Observer<R>, TKey extends readonly unknown[]>(
  inputs: { readonly [K in keyof TKey]: MaybeRefOrGetter<TKey[K]> },
  create: (...key: TKey) => O | undefined,
  idle: R,
  prefetch?: (observer: O) => Promise<void>,
): { result: ComputedRef<R>; act: (run: (observer: O) => Promise<void>) => Promise<void> } {
  const server = isServerRender();
  let observer: O | undefined;
  // On the server the observer is made when needed, from the inputs as they are then, and made again
  // when they have changed since: an id that the component's own serverPrefetch sets is followed, and
  // the render never shows one entity's data under another's id. The computed below reads the inputs
  // through here, and a server-side computed heeds their reactive writes.
  let madeFor: readonly unknown[] | undefined;
  const current = () => {
    if (!server) return observer;
    const values = inputs.map((input) => toValue(input));
    if (!madeFor || values.some((value, i) => !Object.is(value, madeFor?.[i]))) {
      madeFor = values;
      observer = create(...(values as unknown as TKey));
    }
    return observer;
  };
  // Bumped whenever the observer or its result changes; the result is read through it.
  const changes = shallowRef(0);
  const changed = () => {
    changes.value++;
  };
  const result = computed(() => {
    changes.value;
    return current()?.getResult() ?? idle;
  });
  // A composable made once its component has mounted (in onMounted, or a store first used there)
  // attaches at once: an onMounted registered now would never run.
  const instance = getCurrentInstance();
  let mounted = !instance || instance.isMounted;
  let unsubscribe: (() => void) | undefined;
  const attach = () => {
    unsubscribe?.();
    unsubscribe = observer?.subscribe(changed);
    // Whatever changed between the read that rendered and the subscription.
    changed();
  };
  if (!server)
    watch(
      inputs.map((input) => () => toValue(input)),
      (values) => {
        observer = create(...(values as unknown as TKey));
        if (mounted) attach();
        else changed();
      },
      { immediate: true },
    );
  if (instance) {
    if (!mounted)
      onMounted(() => {
        mounted = true;
        attach();
      });
    // A server-side computed is kept until some reactive write: `changed` makes the render read
    // what a prefetch stored, this composable's own or any other (the component's, the app's). Only
    // a composable with a prefetch makes its observer here: the others wait for the render, since
    // every prefetch starts at once and the component's own may be what sets the inputs.
    if (server)
      onServerPrefetch(() => {
        const made = prefetch && current();
        if (!made) return changed();
        // The component's own prefetch, running beside this one, may have changed the inputs meanwhile.
        return prefetch(made)
          .then(() => {
            const now = current();
            return now && now !== made ? prefetch(now) : undefined;
          })
          .then(changed);
      });
  }
  let ended = false;
  if (getCurrentScope())
    onScopeDispose(() => {
      // Once the scope ends the result stays as it is now: read it once more, and the computed keeps
      // that value, since nothing writes `changes` any more.
      result.value;
      ended = true;
      unsubscribe?.();
    });
  // An action (refetch, fetchNextPage) of the observer the inputs name now. Once it settles the refs
  // read the observer again: before mount nothing subscribes, so an async setup that awaits a refetch
  // would otherwise still see, in refs it read before the await, the state from before the read.
  const act = (run: (observer: O) => Promise<void>) => {
    const made = current();
    return made ? run(made).then(() => (ended ? undefined : changed())) : Promise.resolve();
  };
  return { result, act };
}
