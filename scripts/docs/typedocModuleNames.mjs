// TypeDoc plugin: names each module of the API reference after its package (`@vstore/core`)
// rather than its entry's folder (`core/src`), without a `@module` tag in the sources.
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Converter, ReflectionKind } from 'typedoc';

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const module of context.project.getReflectionsByKind(ReflectionKind.Module)) {
      const file = module.sources?.[0]?.fullFileName;
      if (!file) continue;
      const pkg = JSON.parse(readFileSync(join(dirname(file), '..', 'package.json'), 'utf8'));
      // A second entry (`src/node.ts`) is the subpath export of the same name (`@vstore/service/node`).
      const entry = basename(file, '.ts');
      module.name = entry === 'index' ? pkg.name : `${pkg.name}/${entry}`;
    }
  });
}
