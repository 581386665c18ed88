/// <reference types="vite/client" />

// For the root `tsc` run, which does not read .vue files.
declare module '*.vue' {
  import type { DefineComponent } from 'vue';

  const component: DefineComponent<object, object, unknown>;
  export default component;
}
