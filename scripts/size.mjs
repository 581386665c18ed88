// Bundle-size budgets and docs/size.md, from one measurement (scripts/sizeMeasure.mjs says how, and
// why it is a script rather than size-limit). Every stack of size-budget.json is an app entry built
// in an app outside the workspace over the packed packages (scripts/consumer.mjs), with Vite and with
// esbuild, default resolution conditions; a stack with `limitBytes` fails above it (initial load,
// gzip -9) under either bundler. Each package's own code (its published dist) and the embed widget
// (its own build in the workspace) are budgeted too.
// Usage: node scripts/size.mjs [--dir <app>] [--write] [--json]
//   --dir    an app set up by scripts/consumer.mjs's setupSizeApp (`pnpm test:pack` passes its own);
//            without it, one is made in a temporary directory from packed/ (run `pnpm pack:all` first)
//   --write  also writes docs/size.md and the size block of the binding READMEs
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { packedSet, root, StepError, setupSizeApp } from './consumer.mjs';
import { measureEsbuildApp, measureOwn, measureViteApp, measureWorkspaceVite } from './sizeMeasure.mjs';
import { writeSizeReadmes } from './sizeReadmes.mjs';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const budget = JSON.parse(readFileSync(resolve(root, 'size-budget.json'), 'utf8'));
const BUNDLERS = ['vite', 'esbuild'];
const measureWith = { vite: measureViteApp, esbuild: measureEsbuildApp };

let dir = option('--dir');
const temporary = !dir;
try {
  if (temporary) {
    dir = mkdtempSync(join(tmpdir(), 'vstore-size-'));
    console.log(`installing the packed set and the peers into ${dir}`);
    setupSizeApp(dir, packedSet());
  }
} catch (error) {
  console.error(error instanceof StepError ? error.message : error);
  process.exit(1);
}
dir = resolve(dir);

const codeOf = (stack) => stack.app.replace('%SCHEMA%', budget.schema);
const stacks = [];
for (const stack of budget.stacks) {
  const row = { ...stack, code: codeOf(stack) };
  for (const bundler of BUNDLERS)
    row[bundler] = await measureWith[bundler]({
      dir,
      name: stack.name,
      code: row.code,
      external: stack.external,
    });
  stacks.push(row);
}
const byName = (name) => stacks.find((s) => s.name === name);

// What the default resolution costs: the budgeted stacks again with rxjs's ES2015 build (its
// `es2015` export condition), a setting vstore does not ask of its users. Reported, not budgeted.
for (const row of stacks.filter((s) => s.limitBytes && !s.extends)) {
  row.es2015 = {};
  for (const bundler of BUNDLERS)
    row.es2015[bundler] = await measureWith[bundler]({
      dir,
      name: `${row.name} es2015`,
      code: row.code,
      external: row.external,
      conditions: ['es2015'],
    });
}

// What rxjs costs the stacks: the budgeted stacks again with rxjs left out of the bundle (as the
// framework is). rxjs is core's design (its transport, observers and polling are Observables); this
// says how much of the distance to the peer it is. Reported, not budgeted.
for (const row of stacks.filter((s) => s.limitBytes && !s.extends)) {
  row.noRxjs = {};
  for (const bundler of BUNDLERS)
    row.noRxjs[bundler] = await measureWith[bundler]({
      dir,
      name: `${row.name} without rxjs`,
      code: row.code,
      external: [...row.external, 'rxjs'],
    });
}

const own = [];
for (const pkg of budget.packages)
  own.push({
    ...pkg,
    ...(await measureOwn({
      dir,
      name: pkg.name,
      code: `export * from '${pkg.name}';`,
      external: pkg.external,
    })),
  });

const embed = {
  ...budget.embed,
  ...(await measureWorkspaceVite({
    viteRoot: budget.embed.vite,
    file: budget.embed.file,
    mount: budget.embed.mount,
  })),
};

// ── budgets ──────────────────────────────────────────────────────────────────────────────────────
const failures = [];
const lines = [];
for (const row of stacks) {
  for (const bundler of BUNDLERS) {
    const size = row[bundler].initial.gzipBytes;
    const limit = row.limitBytes?.[bundler];
    const peer = row.peer ? byName(row.peer)?.[bundler].initial.gzipBytes : undefined;
    if (row.peer && peer === undefined) failures.push(`${row.name}: no stack named ${row.peer}`);
    const verdict = limit === undefined ? '' : size <= limit ? 'ok' : 'OVER BUDGET';
    if (verdict === 'OVER BUDGET') failures.push(`${row.name} (${bundler}) ${size} B > ${limit} B`);
    lines.push({
      stack: row.name,
      bundler,
      'initial min+gz': `${size} B`,
      'total min+gz': `${row[bundler].total.gzipBytes} B`,
      limit: limit === undefined ? '' : `${limit} B`,
      result: verdict,
      'vs peer': peer ? `${(size / peer).toFixed(2)}x ${row.peer}` : '',
    });
  }
}
for (const pkg of own) {
  const verdict = pkg.gzipBytes <= pkg.limitBytes ? 'ok' : 'OVER BUDGET';
  if (verdict !== 'ok') failures.push(`${pkg.name} own code ${pkg.gzipBytes} B > ${pkg.limitBytes} B`);
  lines.push({
    stack: `${pkg.name} (own code)`,
    bundler: 'esbuild',
    'initial min+gz': `${pkg.gzipBytes} B`,
    'total min+gz': '',
    limit: `${pkg.limitBytes} B`,
    result: verdict,
    'vs peer': '',
  });
}
{
  const verdict = embed.mount.gzipBytes <= embed.limitBytes ? 'ok' : 'OVER BUDGET';
  if (verdict !== 'ok') failures.push(`${embed.name} ${embed.mount.gzipBytes} B > ${embed.limitBytes} B`);
  lines.push({
    stack: embed.name,
    bundler: 'vite (its config)',
    'initial min+gz': `${embed.mount.gzipBytes} B`,
    'total min+gz': `${embed.total.gzipBytes} B`,
    limit: `${embed.limitBytes} B`,
    result: verdict,
    'vs peer': '',
  });
}

if (args.includes('--json')) {
  const strip = ({ code, app, ...rest }) => rest;
  console.log(JSON.stringify({ stacks: stacks.map(strip), own, embed }, null, 2));
} else {
  console.table(lines);
}
if (args.includes('--write')) writeDocs();
if (temporary) rmSync(dir, { recursive: true, force: true });
if (failures.length > 0) {
  console.error(`size budget exceeded:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(`size: ${lines.filter((l) => l.result === 'ok').length} budgets met, measured in ${dir}`);

// ── docs/size.md ─────────────────────────────────────────────────────────────────────────────────
function writeDocs() {
  const k1 = (n) => `${(n / 1024).toFixed(1)} kB`;
  const num = (n) => n.toLocaleString('en-US');
  const ratio = (a, b) => `${(a / b).toFixed(2)}×`;
  const parts = (list) => list.map(([name, bytes]) => `${name} ${k1(bytes)}`).join(', ');
  const react = byName('vstore + React');
  const vue = byName('vstore + Vue');
  const peer = byName('react-query + zod/mini + ky');
  const vuePeer = byName('vue-query + zod/mini + ky');
  const budgeted = stacks.filter((s) => s.limitBytes && !s.extends);
  // What an optional part (the outbox) adds to the stack it extends, per bundler.
  const addedWords = stacks
    .filter((s) => s.extends)
    .map((row) => {
      const base = byName(row.extends);
      const added = BUNDLERS.map(
        (bundler) =>
          `${num(row[bundler].initial.gzipBytes - base[bundler].initial.gzipBytes)} B under ${bundler === 'vite' ? 'Vite' : 'esbuild'}`,
      );
      return `${row.name} (${row.imports}) is ${row.extends} plus ${added.join(' and ')}; an app that does not import it pays nothing for it.`;
    });
  const goal = (row, bundler) => row[bundler].initial.gzipBytes <= peer[bundler].initial.gzipBytes;
  const over = (row, bundler) => row[bundler].initial.gzipBytes - peer[bundler].initial.gzipBytes;

  // Modules of a package that esbuild loads up front and Vite on demand, with esbuild's bytes.
  const esbuildOnly = (row) => {
    const viteInitial = new Set(row.vite.initialModules.map(([path]) => path));
    const viteLazy = new Set(row.vite.lazyModules.map(([path]) => path));
    return row.esbuild.initialModules
      .filter(([path]) => !viteInitial.has(path) && viteLazy.has(path) && path.includes('@vstore/'))
      .map(([path, bytes]) => [path.split('/').at(-1), bytes]);
  };
  const reactEsbuildOnly = esbuildOnly(react);
  const esbuildOnlyBytes = reactEsbuildOnly.reduce((n, [, bytes]) => n + bytes, 0);
  // How much of the React stack's distance to the peer rxjs is, per bundler.
  const distanceWords = BUNDLERS.map((bundler) => {
    const left = react.noRxjs[bundler].initial.gzipBytes - peer[bundler].initial.gzipBytes;
    const what = left <= 0 ? 'the whole distance to the goal' : `all but ${num(left)} B of the distance`;
    return `${what} under ${bundler === 'vite' ? 'Vite' : 'esbuild'}`;
  }).join(', and ');
  const peerOwn = (bundler) =>
    peer[bundler].initialParts
      .filter(([name]) => /^(@tanstack\/|ky$)/.test(name))
      .reduce((n, [, bytes]) => n + bytes, 0);
  const coreShare = (row, bundler) =>
    row[bundler].initialParts.find(([name]) => name === '@vstore/core')?.[1] ?? 0;

  const goalWords = budgeted
    .map((row) => {
      const words = BUNDLERS.map((bundler) =>
        goal(row, bundler)
          ? `met under ${bundler === 'vite' ? 'Vite' : 'esbuild'}`
          : `${num(over(row, bundler))} B over under ${bundler === 'vite' ? 'Vite' : 'esbuild'}`,
      );
      return `${row.name}: ${words.join(', ')}`;
    })
    .join('; ');

  const doc = [
    '# Stack sizes',
    '',
    'What an app ships for a small dashboard, everything bundled except the framework itself (react,',
    'react-dom / vue), **measured as an app gets the packages**: the tarballs `pnpm pack:all` makes,',
    'installed with npm into an app outside this repository (the install line of',
    '[Installation](./guide/installation.md)), built once with **Vite 8** (its defaults: rolldown, its',
    'minifier and target) and once with **esbuild** (`bundle`, `splitting`, `minify`, ESM, browser), both',
    'with their default resolution conditions: no setting that a user would have to know about.',
    '**initial** is what a page loads before the entry runs: the entry chunk and every chunk it imports',
    'statically; **total** adds the chunks loaded on demand (`import()`). Each file is gzipped on its own',
    'at level 9. The peers are measured the same way, in the same run, from the same app.',
    '',
    'Generated by `pnpm size --write` (scripts/size.mjs); the budgets are in `size-budget.json` and are',
    'checked by `pnpm size` and by `pnpm test:pack`, under both bundlers.',
    '',
    '## Against the peer that validates with the same library',
    '',
    'vstore validates every response with `zod/mini`; the peer that does the same is TanStack Query with',
    'a `zod/mini` schema of a spend control and `ky` for retries that honour Retry-After.',
    '',
    '| stack | Vite initial | esbuild initial | vs react-query + zod/mini + ky (Vite / esbuild) | budget (Vite / esbuild) |',
    '|---|---:|---:|---:|---:|',
    ...stacks.map((row) =>
      [
        '',
        row.name,
        `${num(row.vite.initial.gzipBytes)} B`,
        `${num(row.esbuild.initial.gzipBytes)} B`,
        `${ratio(row.vite.initial.gzipBytes, peer.vite.initial.gzipBytes)} / ${ratio(row.esbuild.initial.gzipBytes, peer.esbuild.initial.gzipBytes)}`,
        row.limitBytes ? `${num(row.limitBytes.vite)} B / ${num(row.limitBytes.esbuild)} B` : '',
        '',
      ]
        .join(' | ')
        .trim(),
    ),
    '',
    `The goal is each vstore stack at or below react-query + zod/mini + ky under both bundlers. ${goalWords}.`,
    `Against its own framework's peer, vstore + Vue is ${ratio(vue.vite.initial.gzipBytes, vuePeer.vite.initial.gzipBytes)} vue-query + zod/mini + ky under Vite and ${ratio(vue.esbuild.initial.gzipBytes, vuePeer.esbuild.initial.gzipBytes)} under esbuild.`,
    ...addedWords,
    'The budgets hold the sizes measured when they were set, plus about 1%, so CI catches growth;',
    'they are not the goal. What stands between the two is below.',
    '',
    '## Every row',
    '',
    '| stack | entry imports | bundler | initial min | initial min+gz | total min+gz | initial min bytes by package |',
    '|---|---|---|---:|---:|---:|---|',
    ...stacks.flatMap((row) =>
      BUNDLERS.map((bundler) => {
        const m = row[bundler];
        const lazy =
          m.total.gzipBytes === m.initial.gzipBytes
            ? ''
            : ` (+ ${k1(m.total.gzipBytes - m.initial.gzipBytes)} gz on demand: ${parts(m.lazyParts)})`;
        return `| ${row.name} | ${row.imports} | ${bundler === 'vite' ? 'Vite' : 'esbuild'} | ${k1(m.initial.minBytes)} | ${num(m.initial.gzipBytes)} B | ${num(m.total.gzipBytes)} B | ${parts(m.initialParts)}${lazy} |`;
      }),
    ),
    '',
    '## What stands between the stacks and the goal',
    '',
    `- **rxjs**: core is built on it (requests, retries, polling and observers are Observables, so an`,
    `  RxJS \`TestScheduler\` drives them in virtual time), and the peer has nothing like it. Left out of the`,
    `  bundle, the React stack is ${num(react.noRxjs.vite.initial.gzipBytes)} B under Vite and ${num(react.noRxjs.esbuild.initial.gzipBytes)} B under esbuild (${ratio(react.noRxjs.vite.initial.gzipBytes, peer.vite.initial.gzipBytes)} / ${ratio(react.noRxjs.esbuild.initial.gzipBytes, peer.esbuild.initial.gzipBytes)} the peer),`,
    `  the Vue stack ${num(vue.noRxjs.vite.initial.gzipBytes)} B and ${num(vue.noRxjs.esbuild.initial.gzipBytes)} B. What rxjs brings to the React stack`,
    `  (${num(react.vite.initial.gzipBytes - react.noRxjs.vite.initial.gzipBytes)} B and ${num(react.esbuild.initial.gzipBytes - react.noRxjs.esbuild.initial.gzipBytes)} B) is ${distanceWords}.`,
    '  Reaching the goal would mean a core without rxjs in its first load, which is a change of its',
    '  design rather than of its build; the budgets hold the stacks where they are.',
    `- **rxjs's default build**: bundlers resolve rxjs through its \`default\` condition, its ES5 build, which`,
    "  brings tslib's helpers. With rxjs's ES2015 build (its `es2015` condition, a setting vstore does not",
    `  ask of its users) the React stack would be ${num(react.es2015.vite.initial.gzipBytes)} B under Vite and ${num(react.es2015.esbuild.initial.gzipBytes)} B under esbuild`,
    `  (${num(react.vite.initial.gzipBytes - react.es2015.vite.initial.gzipBytes)} B and ${num(react.esbuild.initial.gzipBytes - react.es2015.esbuild.initial.gzipBytes)} B less), the Vue stack ${num(vue.es2015.vite.initial.gzipBytes)} B and ${num(vue.es2015.esbuild.initial.gzipBytes)} B.`,
    '  Core cannot pick the build for the app.',
    `- **What loads on demand**: the polling engine (the first poll), the SSE stream with`,
    '  eventsource-parser (the first connection), `edit` with immer (the first recipe) and account',
    '  deletion (the first `accounts.delete`) are chunks of their own under both bundlers: core reaches them',
    '  only through `import()`, never through a static import (esbuild keeps in the first load every file',
    `  the entry imports statically, even for an export the app does not use). ${reactEsbuildOnly.length ? `What esbuild still loads up front and Vite on demand: ${num(esbuildOnlyBytes)} B minified (${reactEsbuildOnly.map(([file, bytes]) => `\`${file}\` ${num(bytes)} B`).join(', ')}), the error classes that only on-demand code throws, which index.mjs re-exports.` : 'Nothing else is loaded up front by esbuild and on demand by Vite.'}`,
    `- **core's own code**: about ${k1(coreShare(react, 'vite'))} minified of the React stack's initial load under Vite (${k1(coreShare(react, 'esbuild'))} under esbuild): the`,
    '  error model, the HTTP layer with its retries, the read cache, resources and lists, the store and',
    `  the observers. The peer's code besides zod (query-core, react-query, ky) is ${k1(peerOwn('vite'))} minified under Vite.`,
    '',
    '## The embed widget',
    '',
    '`examples/embed` is built by this repository and shipped as files (`vstore-embed.js` and its',
    'chunks), so its own Vite build, with its own config, is what a host page gets. Its budget is what a',
    'page loads at mount: the entry, what it imports statically, and the lazy chunks it loads as it',
    "starts (`mount` in `size-budget.json`: core's `sseStream`, since each widget connects to the",
    'event relay).',
    '',
    '| embed widget | files | min | min+gz |',
    '|---|---:|---:|---:|',
    `| entry file (\`vstore-embed.js\`) | 1 | ${k1(embed.main.minBytes)} | ${num(embed.main.gzipBytes)} B |`,
    `| loaded at mount (budget ${num(embed.limitBytes)} B) | ${embed.lazyChunks.filter((c) => c.mount).length + embed.initialFiles} | ${k1(embed.mount.minBytes)} | ${num(embed.mount.gzipBytes)} B |`,
    `| on demand (the first edit; account deletion, which the widget never starts) | ${embed.lazyChunks.filter((c) => !c.mount).length} | ${k1(embed.total.minBytes - embed.mount.minBytes)} | ${num(embed.total.gzipBytes - embed.mount.gzipBytes)} B |`,
    `| total | ${embed.initialFiles + embed.lazyChunks.length} | ${k1(embed.total.minBytes)} | ${num(embed.total.gzipBytes)} B |`,
    '',
    '## Own code',
    '',
    "Each package's published build alone (its `dist`, as installed), every export kept, its",
    'dependencies left out (esbuild, one file, platform-neutral):',
    '',
    '| package | left out | min | min+gz | budget |',
    '|---|---|---:|---:|---:|',
    ...own.map(
      (p) =>
        `| ${p.name} | ${p.external.join(', ')} | ${k1(p.minBytes)} | ${num(p.gzipBytes)} B | ${num(p.limitBytes)} B |`,
    ),
    '',
    '## What each row does and does not do',
    '',
    "- **vstore + React / Vue**: the HTTP client with the spec's typed error model (every error body",
    '  validated), Retry-After, retries with jitter and a retry budget, idempotency keys, per-attempt',
    '  timeouts, request dedupe, a token cache refreshed once on a gateway 401; a versioned store that',
    '  never lets an older reply overwrite a newer one, with tombstones; validation of every response',
    '  (`zod/mini`); task polling that pauses while the page is hidden (loaded on the first `useTask` of a',
    "  task); `edit` recipes with conflict retry (immer, loaded on the first recipe); account deletion's",
    '  removal watch (loaded on the first `accounts.delete`). Webhook events and their SSE stream',
    '  (`getClientEvents(client)`) and server-rendering snapshots (`dehydrate`/`hydrate`) are in an app',
    '  only when it calls them; lists page through `resource.list` and `useList`. It does not cache arbitrary queries by key, or persist (that is `@vstore/core/offline`, measured in its own row).',
    '- **react-query / vue-query + zod/mini + ky**: what a TanStack user adds to do the same job: a query',
    '  cache by key with stale-while-revalidate, refetch on focus and reconnect, query retries, mutations;',
    '  `ky` for fetch with retries that honour Retry-After (4 retries); a `zod/mini` schema of the same',
    "  spend-control shape. Still no typed error model of the spec's bodies, no version gate (a late",
    '  reply overwrites a newer one unless the app guards it), no idempotency keys, no token refresh, no',
    '  polling-until-done helper beyond `refetchInterval`, no event stream: the app writes those.',
    '- **swr + zod/mini**: a fetch-and-cache hook and a mutation hook, and the same schema; no HTTP',
    '  client or retries beyond its error retry.',
    '- **react-query + zod + ky**: the same as the first peer with the schema in classic `zod`, the',
    "  default import (classic zod parses faster; bench/RESULTS.md's ingest section has both).",
    '- **@tanstack/react-query**: the query library alone.',
    '',
    'The React and Vue stacks differ only by their binding: all logic is in core.',
    '',
  ];
  writeFileSync(resolve(root, 'docs/size.md'), doc.join('\n'));

  writeSizeReadmes({ react, vue, own });
  console.log('wrote docs/size.md and the SIZE blocks of the core, react and vue READMEs');
}
