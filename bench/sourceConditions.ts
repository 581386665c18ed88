import { register } from 'node:module';

/**
 * Resolves the workspace packages (`@vstore/core`, `@vstore/react`, …) to their TypeScript source,
 * as `--conditions=@vstore/source` would: `pnpm bench` runs plain `node --import tsx`, and suites that
 * import a binding by name (which imports core by name) need the source, not a build. Hooks are
 * process-wide; registering twice is harmless.
 */
export function resolveWorkspaceSource(): void {
  const hook = `export async function resolve(specifier, context, next) {
  if (!specifier.startsWith('@vstore/')) return next(specifier, context);
  return next(specifier, { ...context, conditions: [...context.conditions, '@vstore/source'] });
}`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
}
