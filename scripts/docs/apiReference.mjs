// Generates the API reference (docs/api, markdown for VitePress) from the TSDoc of every package's
// public entry, with TypeDoc and typedoc-plugin-markdown; settings in typedoc.json.
//
// A public export without a doc comment fails this step (TypeDoc's `notDocumented` validation):
// the names are printed, grouped by package, and the exit code is 1. The pages are written either
// way, so the site can still be previewed while the comments are being written.
// `--report-only` prints the same list but exits 0; only the browser e2e uses it, to build a site
// to click through when `pnpm docs:build` has not run (CI runs docs:build first, which enforces).
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Application } from 'typedoc';

const root = fileURLToPath(new URL('../..', import.meta.url));
const reportOnly = process.argv.includes('--report-only');
process.chdir(root);

const app = await Application.bootstrapWithPlugins({ options: 'typedoc.json' });
const missing = [];
const warn = app.logger.validationWarning.bind(app.logger);
app.logger.validationWarning = (message, ...rest) => {
  // "<Module>.<Name> (<Kind>), defined in <file>, does not have any documentation"
  const match = /^(.+?) \((\w+)\), defined in (.+), does not have any documentation$/.exec(message);
  if (match) missing.push({ name: match[1], kind: match[2], file: match[3] });
  else warn(message, ...rest);
};

const project = await app.convert();
if (!project) {
  console.error('docs/api: TypeDoc could not convert the packages (see the errors above).');
  process.exit(1);
}
app.validate(project);
rmSync(app.options.getValue('out'), { recursive: true, force: true });
await app.generateOutputs(project);

if (missing.length > 0) {
  const byPackage = new Map();
  for (const entry of missing) {
    const dot = entry.name.indexOf('.', entry.name.startsWith('@') ? entry.name.indexOf('/') : 0);
    const pkg = entry.name.slice(0, dot);
    const list = byPackage.get(pkg) ?? [];
    list.push(`${entry.name.slice(dot + 1)} (${entry.kind.replace('CallSignature', 'function/method')})`);
    byPackage.set(pkg, list);
  }
  console.error(`\nPublic exports without a doc comment: ${missing.length}`);
  console.error(
    '(each needs a /** … */ TSDoc comment where it is declared; see typedoc.json requiredToBeDocumented)\n',
  );
  for (const [pkg, names] of byPackage) {
    console.error(`${pkg} (${names.length}):`);
    for (const name of names.sort()) console.error(`  - ${name}`);
  }
}
const failed = missing.length > 0 || app.logger.hasErrors();
if (failed && !reportOnly) {
  console.error(
    '\ndocs/api: the API reference is incomplete; the docs build fails until every export is documented.',
  );
  process.exit(1);
}
console.log(`docs/api: API reference written${failed ? ' (incomplete, --report-only)' : ''}.`);
