import { getCurrentInstance, inject, ssrContextKey } from './vue';

/**
 * True in a component's setup during server rendering. Only `@vue/server-renderer` provides the SSR
 * context, so this needs no `window` check (which would also be true in Node tests and workers).
 * Server-rendered components never unmount, so composables must not subscribe or poll there.
 */
export function isServerRender(): boolean {
  return !!getCurrentInstance() && !!inject(ssrContextKey, null);
}
