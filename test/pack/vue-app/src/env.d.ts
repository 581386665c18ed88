// For the workspace's root `tsc` run, which does not read .vue files; in the packed app vue-tsc
// resolves App.vue itself, and this wildcard is never used.
declare module '*.vue' {
  import type { DefineComponent } from 'vue';

  const component: DefineComponent<object, object, unknown>;
  export default component;
}
