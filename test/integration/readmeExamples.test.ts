import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The READMEs open with an example a reader can run as is (Node 20+, against @vstore/service on a
// free port). docs:check type-checks them; this runs them, from the packages' source, and checks
// what they print, so an opening example that type-checks but no longer works fails here.
const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

function firstTsBlock(readme: string): string {
  const text = readFileSync(join(root, readme), 'utf8');
  const block = /^```ts\n([\s\S]*?)^```/m.exec(text)?.[1];
  if (!block) throw new Error(`${readme} has no ts block`);
  return block;
}

async function runExample(readme: string): Promise<string> {
  const dir = join(root, '.readme-examples'); // its own folder: docs:check empties .docs-check
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${readme.replace(/[/.]/g, '_')}.ts`);
  writeFileSync(file, firstTsBlock(readme));
  const { stdout } = await run(process.execPath, ['--conditions=@vstore/source', '--import', 'tsx', file], {
    cwd: root,
    timeout: 30_000,
  });
  return stdout;
}

describe('README opening examples', () => {
  it('runs the core README example: a read, an edit, a stale apply refused', async () => {
    const out = await runExample('packages/core/README.md');
    expect(out.split('\n').slice(0, 3)).toEqual(['Travel v1', 'paused v2', 'stale']);
  });

  it('runs the service README example: a read and a refused PATCH', async () => {
    const out = await runExample('packages/service/README.md');
    expect(out).toMatch(/^200 \{/);
    expect(out).toContain("code: 'read_only_field'");
    expect(out).toContain("byStatus: { '200': 1, '400': 1 }");
  });

  it('runs the root README example: the edit lands as version 2', async () => {
    const out = await runExample('README.md');
    expect(out).toContain('version: 2');
    expect(out).toContain("status: 'paused'");
  });
});
