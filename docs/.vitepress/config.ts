import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type DefaultTheme, defineConfig } from 'vitepress';

// The API reference is generated into docs/api by scripts/docs/apiReference.mjs (run by
// `pnpm docs:dev` and `pnpm docs:build` first), together with its sidebar.
const apiSidebarFile = fileURLToPath(new URL('../api/typedoc-sidebar.json', import.meta.url));
const apiSidebar: DefaultTheme.SidebarItem[] = existsSync(apiSidebarFile)
  ? linkGroups(JSON.parse(readFileSync(apiSidebarFile, 'utf8')))
  : [];

/**
 * typedoc-vitepress-theme makes each package's "Classes", "Functions", … a collapsible group without
 * a link. VitePress renders such a group as a `role="button"` that holds its own toggle button (the
 * caret): a control nested in a control, which screen readers cannot reach (axe: nested-interactive).
 * A group with a link is rendered as a link plus the caret instead, so each group links to its
 * section of the package's page, and stays collapsible.
 */
function linkGroups(items: DefaultTheme.SidebarItem[], parent?: string): DefaultTheme.SidebarItem[] {
  return items.map((item) => {
    const link =
      item.link ??
      (item.items && parent
        ? `${parent}#${(item.text ?? '').toLowerCase().replace(/\s+/g, '-')}`
        : undefined);
    return {
      ...item,
      ...(link ? { link } : {}),
      ...(item.items ? { items: linkGroups(item.items, link) } : {}),
    };
  });
}

const guide: DefaultTheme.SidebarItem[] = [
  {
    text: 'Getting started',
    items: [
      { text: 'Introduction', link: '/' },
      { text: 'Installation', link: '/guide/installation' },
      { text: 'React in five minutes', link: '/guide/getting-started-react' },
      { text: 'Vue in five minutes', link: '/guide/getting-started-vue' },
    ],
  },
  {
    text: 'Concepts',
    items: [
      { text: 'Your own resources', link: '/guide/resources' },
      { text: 'Reads, versions and history', link: '/guide/reads-and-versions' },
      { text: 'Lists', link: '/guide/lists' },
      { text: 'Offline writes', link: '/guide/offline' },
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

const repository = 'https://github.com/vstore-dev/vstore';

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
  markdown: {
    // Shiki's GitHub themes in their high-contrast variants: every token colour of the default ones
    // has a contrast of 3.2–4.2:1 on the code block's background in the light theme, under WCAG AA's
    // 4.5:1 (axe: color-contrast); these pass in both themes.
    theme: { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' },
  },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/getting-started-react' },
      { text: 'API', link: '/api/' },
      { text: 'Spec', link: '/spec/service-interface' },
      { text: 'Issues', link: `${repository}/issues` },
    ],
    socialLinks: [{ icon: 'github', link: repository, ariaLabel: 'vstore on GitHub' }],
    footer: {
      message: `MIT licensed. <a href="${repository}">Source on GitHub</a> · <a href="${repository}/issues">Report an issue</a> · <a href="${repository}/blob/main/CONTRIBUTING.md">Contributing</a>`,
    },
    sidebar: {
      '/api/': [{ text: 'API reference', link: '/api/' }, ...apiSidebar],
      '/': guide,
    },
    search: {
      provider: 'local',
      // The button shows "Search" and its shortcut; its accessible name must hold what it shows
      // (axe: label-content-name-mismatch), and the shortcut keys are not words to announce.
      options: { translations: { button: { buttonText: 'Search', buttonAriaLabel: 'Search' } } },
    },
    outline: [2, 3],
  },
  vite: {
    resolve: { conditions },
    ssr: { resolve: { conditions: ['@vstore/source', 'node', 'development|production'] } },
    // The live examples bring the client stack along; the site is not size-sensitive.
    build: { chunkSizeWarningLimit: 2000 },
  },
});
