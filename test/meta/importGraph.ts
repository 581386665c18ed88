import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

// The import graph of one package's sources, as TypeScript reads it (type-only imports, re-exports and
// dynamic imports included), for the layering check in coreLayers.test.ts. madge would find the file
// circles, but not which folder an import runs up from; TypeScript's own scanner reads every form of
// import the sources use, so this is the few lines it takes to ask both questions of one graph.

export interface Edge {
  from: string;
  to: string;
}

/** Every `.ts` file under `root` except tests, as paths relative to `root`. */
export function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== '__tests__') walk(path);
      } else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) files.push(relative(root, path));
    }
  };
  walk(root);
  return files.sort();
}

/** The imports between `files` (relative imports only; packages are outside the graph). */
export function importEdges(root: string, files: readonly string[]): Edge[] {
  const edges: Edge[] = [];
  for (const from of files) {
    const text = readFileSync(join(root, from), 'utf8');
    const { importedFiles } = ts.preProcessFile(text, true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const base = resolve(root, dirname(from), fileName);
      const target = [`${base}.ts`, join(base, 'index.ts')].find((path) => existsSync(path));
      if (target) edges.push({ from, to: relative(root, target) });
    }
  }
  return edges;
}

/** The folder a file sits in (`''` for a file at the root). */
export const folderOf = (file: string): string => (file.includes('/') ? (file.split('/')[0] as string) : '');

/** Every circle of `edges`, each as its nodes in order (found by depth-first search). */
export function circles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    if (from === to) continue;
    next.set(from, [...(next.get(from) ?? []), to]);
  }
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    path.push(node);
    for (const to of next.get(node) ?? []) {
      if (state.get(to) === 'open') found.push([...path.slice(path.indexOf(to)), to]);
      else if (!state.has(to)) visit(to);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of next.keys()) if (!state.has(node)) visit(node);
  return found;
}
