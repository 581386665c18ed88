import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './importGraph';

// The bindings take an outbox (`useOutbox`, `useUpdateResource(resource, { outbox })`) by its type
// only: an app that never imports `@vstore/core/offline` must not load it through @vstore/react or
// @vstore/vue. Each source is transpiled as the build does (verbatimModuleSyntax keeps every import
// that is not `import type`), and the JavaScript must not name the subpath.

const PACKAGES = ['react', 'vue'].map((name) => resolve(import.meta.dirname, '../../packages', name, 'src'));

function runtimeText(source: string, path: string): string {
  return ts.transpileModule(source, {
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      verbatimModuleSyntax: true,
      // The TSDoc examples name the subpath too; only code counts.
      removeComments: true,
      jsx: ts.JsxEmit.ReactJSX,
    },
    fileName: path,
  }).outputText;
}

const loads = (js: string) => /['"]@vstore\/core\/offline['"]/.test(js);

describe('the bindings and @vstore/core/offline', () => {
  for (const root of PACKAGES) {
    const files = sourceFiles(root).map((file) => join(root, file));

    it(`${root.split('/').at(-2)} names the outbox's types, and never loads the subpath at runtime`, () => {
      const typed = files.filter((path) => readFileSync(path, 'utf8').includes('@vstore/core/offline'));
      // Some source does use the outbox's types: the check below looks at something.
      expect(typed.length).toBeGreaterThan(0);
      const loading = files.filter((path) => loads(runtimeText(readFileSync(path, 'utf8'), path)));
      expect(loading).toEqual([]);
    });
  }

  it('would catch a value import of the subpath, and a type named inline in one', () => {
    const path = join(PACKAGES[0] as string, 'useOutbox.ts');
    const value = "import { createOutbox } from '@vstore/core/offline';\nexport const make = createOutbox;\n";
    const inline = "import { type Outbox } from '@vstore/core/offline';\nexport type O = Outbox;\n";
    const typeOnly = "import type { Outbox } from '@vstore/core/offline';\nexport type O = Outbox;\n";
    expect(loads(runtimeText(value, path))).toBe(true);
    expect(loads(runtimeText(inline, path))).toBe(true);
    expect(loads(runtimeText(typeOnly, path))).toBe(false);
  });
});
