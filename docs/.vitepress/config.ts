import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type DefaultTheme, defineConfig } from 'vitepress';

// The API reference is generated into docs/api by scripts/docs/apiReference.mjs (run by
// `pnpm docs:dev` and `pnpm docs:build` first), together with its sidebar.
const apiSidebarFile = fileURLToPath(new URL('../api/typedoc-sidebar.json', import.meta.url));
const apiSidebar: DefaultTheme.SidebarItem[] = existsSync(apiSidebarFile)
  ? JSON.parse(readFileSync(apiSidebarFile, 'utf8'))
  : [];

const guide: DefaultTheme.SidebarItem[] = [
  {
    text: 'Getting started',
    items: [
      { text: 'Introduction', link: '/' },
      { text: 'React in five minutes', link: '/guide/getting-started-react' },
      { text: 'Vue in five minutes', link: '/guide/getting-started-vue' },
    ],
  },
  {
    text: 'Concepts',
    items: [
      { text: 'Your own resources', link: '/guide/resources' },
      { text: 'Reads, versions and history', link: '/guide/reads-and-versions' },
      { text: 'Writes and conflicts', link: '/guide/writes' },
      { text: 'Errors and retries', link: '/guide/errors-and-retries' },
      { text: 'Tasks and polling', link: '/guide/tasks-and-polling' },
    ],
  },
  {
    text: 'Live data',
    items: [
      { text: 'Events and other tabs', link: '/guide/events-and-tabs' },
      { text: 'Optimistic updates', link: '/guide/optimistic-updates' },
      { text: 'Server rendering', link: '/guide/server-rendering' },
    ],
  },
  {
    text: 'Tooling',
    items: [
      { text: 'Testing with @vstore/service', link: '/guide/testing' },
      { text: 'Devtools', link: '/guide/devtools' },
      { text: 'Migrating from TanStack Query', link: '/guide/migrating-from-tanstack-query' },
    ],
  },
  {
    text: 'Reference',
    items: [
      { text: 'API reference', link: '/api/' },
      { text: 'Service interface (spec)', link: '/spec/service-interface' },
      { text: 'Spec coverage', link: '/spec-coverage' },
      { text: 'Stack sizes', link: '/size' },
    ],
  },
];

// Workspace packages export an `@vstore/source` condition pointing at their TypeScript, so the
// live examples in the site run the packages' source without a build step (as tests do).
const conditions = ['@vstore/source', 'module', 'browser', 'development|production'];

export default defineConfig({
  title: 'vstore',
  description: 'Client state for HTTP APIs with versioned resources, tasks and webhooks',
  cleanUrls: true,
  // Explicitly off (VitePress's default): a dead internal link fails `pnpm docs:build`.
  ignoreDeadLinks: false,
  srcExclude: ['**/README.md'],
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/getting-started-react' },
      { text: 'API', link: '/api/' },
      { text: 'Spec', link: '/spec/service-interface' },
    ],
    sidebar: {
      '/api/': [{ text: 'API reference', link: '/api/' }, ...apiSidebar],
      '/': guide,
    },
    search: { provider: 'local' },
    outline: [2, 3],
  },
  vite: {
    resolve: { conditions },
    ssr: { resolve: { conditions: ['@vstore/source', 'node', 'development|production'] } },
    // The live examples bring the client stack along; the site is not size-sensitive.
    build: { chunkSizeWarningLimit: 2000 },
  },
});
