// Type-checks every TypeScript code block of the docs and READMEs against the workspace packages,
// so an example cannot rot: ```ts, ```tsx and ```vue blocks of docs/**/*.md (the generated API
// reference excepted), README.md, packages/*/README.md and the `@example` blocks of the packages'
// TSDoc (which that reference renders) are written to .docs-check/ (one module per block, named after
// its file and line) together with docs/snippets and the site's own config and theme, and checked
// with vue-tsc (tsc plus single-file components) under the repository's strict settings.
// A script rather than Twoslash (@shikijs/vitepress-twoslash): Twoslash checks only the blocks that
// VitePress renders and that are marked `twoslash`, each on its own, and renders its type popups into
// the page; it does not reach the READMEs (the site excludes them) and would need a hidden prelude in
// every block that builds on the getting-started client. This checks all of them as they are.
//
// Blocks may use `client` (a Client) without declaring it: most pages build on the client of the
// getting-started page. Anything else a block uses it imports (docs/snippets holds what several
// pages share: the SpendControlCard, the invoice resource, `getAccessToken`). The pages listed in
// UNDECLARED_TOKEN may still use an undeclared `token`, which a reader cannot run: they belong to
// others, and the fix (import `getAccessToken` from './auth') is theirs to make; remove each entry then.
//
// A block that is deliberately partial is skipped with a visible marker on the line before it:
//   <!-- docs-check: skip (why) -->
// The reason is required and every skip is printed, so skips stay rare and justified.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = join(root, '.docs-check');
const EXT = { ts: 'ts', typescript: 'ts', tsx: 'tsx', vue: 'vue' };
const SKIP = /^<!--\s*docs-check:\s*skip\s*\((.+)\)\s*-->$/;
const UNDECLARED_TOKEN = new Set(['docs/guide/events-and-tabs.md']);

function markdownFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return ['node_modules', '.vitepress', 'api'].includes(entry.name) ? [] : markdownFiles(path);
    }
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const packages = readdirSync(join(root, 'packages'))
  .map((name) => join(root, 'packages', name, 'README.md'))
  .filter((path) => {
    try {
      return readFileSync(path) !== undefined;
    } catch {
      return false;
    }
  });
const files = [join(root, 'README.md'), ...packages, ...markdownFiles(join(root, 'docs'))];

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'blocks'), { recursive: true });
// The snippet files sit beside the blocks, so a page's `import … from './SpendControlCard'` resolves.
cpSync(join(root, 'docs', 'snippets'), join(out, 'blocks'), { recursive: true });

const blocks = [];
const skipped = [];
for (const file of files) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const rel = relative(root, file);
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})(\w+)/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, lang] = open;
    let end = i + 1;
    while (end < lines.length && !lines[end].startsWith(`${indent}${fence}`)) end++;
    const ext = EXT[lang.toLowerCase()];
    const previous = lines[i - 1]?.trim() ?? '';
    const skip = SKIP.exec(previous);
    if (ext && skip) skipped.push(`${rel}:${i + 1} (${skip[1]})`);
    else if (ext) {
      const code = lines.slice(i + 1, end).map((line) => line.slice(indent.length));
      const name = `${rel.replace(/[/\\.@]/g, '_')}_L${i + 1}.${ext}`;
      // `export {}` makes every TS block a module: its names stay its own.
      const tokenLine = UNDECLARED_TOKEN.has(rel) ? 'declare const token: string;\n' : '';
      const body = ext === 'vue' ? code.join('\n') : `${tokenLine}${code.join('\n')}\nexport {};\n`;
      writeFileSync(join(out, 'blocks', name), body);
      blocks.push({ name, source: `${rel}:${i + 1}` });
    } else if (SKIP.test(previous)) {
      console.error(`${rel}:${i}: a docs-check skip marker before a block that is not checked anyway`);
      process.exitCode = 1;
    }
    i = end;
  }
}

// The `@example` blocks of the packages' TSDoc, which the API reference renders: the same check, so
// the examples on createClient, defineResource, useResource, … cannot rot either.
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}
const EXAMPLE = /@example\n\s*\* ```(\w+)\n([\s\S]*?)\n\s*\* ```/g;
for (const name of readdirSync(join(root, 'packages'))) {
  for (const file of sourceFiles(join(root, 'packages', name, 'src'))) {
    const text = readFileSync(file, 'utf8');
    const rel = relative(root, file);
    for (const match of text.matchAll(EXAMPLE)) {
      const ext = EXT[match[1].toLowerCase()];
      if (!ext) continue;
      const line = text.slice(0, match.index).split('\n').length;
      const code = match[2].split('\n').map((l) => l.replace(/^\s*\* ?/, ''));
      const blockName = `${rel.replace(/[/\\.@]/g, '_')}_L${line}.${ext}`;
      writeFileSync(join(out, 'blocks', blockName), `${code.join('\n')}\nexport {};\n`);
      blocks.push({ name: blockName, source: `${rel}:${line}` });
    }
  }
}

writeFileSync(
  join(out, 'globals.d.ts'),
  `// What every block may use without declaring it (see scripts/docs/checkCodeBlocks.mjs).
import type { Client } from '@vstore/core';
declare global {
  const client: Client;
}
export {};
`,
);
writeFileSync(
  join(out, 'tsconfig.json'),
  JSON.stringify(
    {
      extends: '../tsconfig.base.json',
      // Vite's client types too: the guides are written for Vite apps (`import.meta.env`).
      compilerOptions: { noEmit: true, noUnusedLocals: false, types: ['node', 'vite/client'] },
      include: ['globals.d.ts', 'blocks', '../docs/.vitepress/config.ts', '../docs/.vitepress/theme'],
    },
    null,
    2,
  ),
);

// The same blocks as a new app's Vite template compiles them: its `tsconfig.app.json` has neither
// `exactOptionalPropertyTypes` nor node's types, both of which the repository's own config turns on,
// and a sample that compiles only with them fails `npm run build` in the app a reader copies it to.
writeFileSync(
  join(out, 'tsconfig.vite.json'),
  JSON.stringify(
    {
      extends: './tsconfig.json',
      // The packages as an app gets them (their built types), not their sources through the
      // workspace's source condition: the sources use node's types, which an app's own code lacks.
      compilerOptions: {
        exactOptionalPropertyTypes: false,
        noUncheckedIndexedAccess: false,
        types: ['vite/client'],
        customConditions: [],
      },
      include: ['globals.d.ts', 'blocks'],
    },
    null,
    2,
  ),
);

console.log(
  `docs:check: ${blocks.length} code blocks from ${files.length} files and the TSDoc examples, plus docs/snippets`,
);
for (const skip of skipped) console.log(`  skipped ${skip}`);

const vueTsc = join(dirname(fileURLToPath(import.meta.resolve('vue-tsc/package.json'))), 'bin', 'vue-tsc.js');
// The app pass reads the built packages: build them when any is missing (CI has built them by now).
if (readdirSync(join(root, 'packages')).some((name) => !existsSync(join(root, 'packages', name, 'dist')))) {
  console.log('docs:check: building the packages, whose types the app pass reads');
  const build = spawnSync('pnpm', ['-s', 'build'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const check = (config) =>
  spawnSync(process.execPath, [vueTsc, '--noEmit', '-p', join(out, config)], { cwd: root, encoding: 'utf8' });
const passes = [
  ['the repository config', check('tsconfig.json')],
  ["a new Vite app's config", check('tsconfig.vite.json')],
];
const result = {
  status: passes.some(([, pass]) => pass.status !== 0) ? 1 : 0,
  stdout: passes
    .filter(([, pass]) => pass.status !== 0)
    .map(([name, pass]) => `under ${name}:\n${pass.stdout}${pass.stderr}`)
    .join('\n'),
  stderr: '',
};
const sources = new Map(blocks.map((block) => [block.name, block.source]));
// Errors name the extracted file; say which page and line the block starts at.
const report = `${result.stdout}${result.stderr}`.replace(
  /\.docs-check\/blocks\/([^\s(:]+)/g,
  (match, name) => `${match} [${sources.get(name) ?? `docs/snippets/${name}`}]`,
);
if (result.status !== 0) {
  process.stdout.write(report);
  const failing = new Set(
    [...report.matchAll(/\[([^\]]+(?:\.md:\d+|\.ts:\d+|snippets\/[^\]]+))\]/g)].map((m) => m[1]),
  );
  console.error(
    `\ndocs:check: type errors in ${failing.size} block(s)${failing.size ? `:\n  ${[...failing].join('\n  ')}` : ''}`,
  );
  process.exit(1);
}
console.log("docs:check: every code block type-checks, under the repository's config and a new Vite app's");
