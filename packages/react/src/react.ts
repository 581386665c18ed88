/**
 * The one place this package imports React from. The size budget bundles with esbuild, which keeps
 * one `import … from "react"` statement per importing module; routing every import through here
 * makes it one statement in all (the same measure as @vstore/vue's `vue.ts`).
 */
export {
  createContext,
  createElement,
  type ReactNode,
  useCallback,
  useContext,
  useInsertionEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
