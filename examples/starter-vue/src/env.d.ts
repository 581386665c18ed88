/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The API's base URL; `npm run service` serves one on http://127.0.0.1:4010. */
  readonly VITE_VSTORE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

// Only for a `tsc` that does not read .vue files (the vstore repository checks this folder with one);
// vue-tsc, which `npm run typecheck` runs, resolves the components themselves.
declare module '*.vue' {
  import type { DefineComponent } from 'vue';

  const component: DefineComponent<object, object, unknown>;
  export default component;
}
