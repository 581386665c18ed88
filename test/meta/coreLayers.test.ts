import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, type Edge, folderOf, importEdges, sourceFiles } from './importGraph';

// Core's folders are layers: each imports only from its own floor or the floors below, type-only
// imports included, and no files import each other in a circle (STYLE.md, issue "One owner per read").

const CORE = resolve(import.meta.dirname, '../../packages/core/src');

/** Bottom to top. A folder may import from any folder listed before it, and from its own. */
const LAYERS = [
  'wire', // JSON parsing, wire schemas, the task shape
  'store', // the versioned entity store
  'lazy', // on-demand modules
  'errors',
  'http', // transport, retries, tokens
  'resources', // definitions and their plain operations
  'tasks', // the polling engine
  'optimistic',
  'reads', // the read cache and its entries, resource clients
  'observers',
  'events',
  'crossTab',
  'client',
  'ssr',
  'offline',
  '', // the package's index
];

const rank = (folder: string) => LAYERS.indexOf(folder);

/** Imports that run from a lower floor to a higher one, or touch a folder not in `LAYERS`. */
function upward(edges: readonly Edge[]): string[] {
  return edges
    .filter(
      ({ from, to }) =>
        rank(folderOf(from)) < 0 || rank(folderOf(to)) < 0 || rank(folderOf(to)) > rank(folderOf(from)),
    )
    .map(({ from, to }) => `${from} -> ${to}`);
}

describe("core's import graph", () => {
  const files = sourceFiles(CORE);
  const edges = importEdges(CORE, files);

  it('reads the sources it checks', () => {
    expect(files.length).toBeGreaterThan(80);
    expect(edges.length).toBeGreaterThan(files.length);
  });

  it('runs from each folder only to its own floor or the floors below', () => {
    expect(upward(edges)).toEqual([]);
  });

  it('has no import circle between files, type-only imports included', () => {
    expect(circles(edges).map((circle) => circle.join(' -> '))).toEqual([]);
  });

  it('has no circle between folders', () => {
    const between = edges
      .map(({ from, to }) => ({ from: folderOf(from), to: folderOf(to) }))
      .filter(({ from, to }) => from !== to);
    expect(circles(between)).toEqual([]);
  });

  it('catches an upward import and a circle when there is one', () => {
    const bad: Edge[] = [
      { from: 'store/entityStore.ts', to: 'reads/readCache.ts' },
      { from: 'reads/readCache.ts', to: 'store/entityStore.ts' },
    ];
    expect(upward(bad)).toEqual(['store/entityStore.ts -> reads/readCache.ts']);
    expect(circles(bad)).toEqual([['store/entityStore.ts', 'reads/readCache.ts', 'store/entityStore.ts']]);
  });
});
