import { getCurrentScope } from './vue';

/**
 * Composables release their subscriptions, requests and timers when their effect scope ends; called
 * with no scope, nothing ever ends them. That is a leak worth a warning in development only. The
 * bare `process.env.NODE_ENV` is the same switch Vue's own ESM build relies on (so every bundler
 * that can build a Vue app replaces it), and production builds drop this whole body.
 */
export function warnOutsideScope(name: string): void {
  if (process.env.NODE_ENV !== 'production' && !getCurrentScope()) {
    console.warn(`[vstore] ${name}() outside setup() or an effectScope leaks`);
  }
}
