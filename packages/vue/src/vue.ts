/**
 * The one place this package imports Vue from. The size budget bundles with esbuild, which keeps
 * one `import … from "vue"` statement per importing module; routing every import through here
 * makes it one statement in all, about 100 B of the 1.5 kB (min+gzip) budget.
 */
export {
  type App,
  type ComputedRef,
  computed,
  getCurrentInstance,
  getCurrentScope,
  type InjectionKey,
  inject,
  type MaybeRefOrGetter,
  onMounted,
  onScopeDispose,
  onServerPrefetch,
  type ShallowRef,
  shallowReadonly,
  shallowRef,
  ssrContextKey,
  toRef,
  toValue,
  watch,
} from 'vue';
