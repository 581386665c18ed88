import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCoverage, declaresTest, parseCoverage } from './checkCoverage';

// Keeps docs/spec-coverage.md honest: every test it cites must still exist under that exact name,
// every rule must cite something or say why not, and the coverage line must match the tables.

const ROOT = resolve(import.meta.dirname, '../..');
const DOC = 'docs/spec-coverage.md';
const readFromRoot = (file: string) => {
  const path = resolve(ROOT, file);
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
};

describe('spec coverage', () => {
  it('cites only tests that exist, and covers every rule it lists', () => {
    const doc = parseCoverage(readFileSync(resolve(ROOT, DOC), 'utf8'));
    expect(doc.rules.length).toBeGreaterThan(60);
    expect(doc.references.length).toBeGreaterThan(doc.rules.length);
    const problems = checkCoverage(doc, readFromRoot);
    expect(problems, `${DOC} is out of date:\n${problems.join('\n')}`).toEqual([]);
  });

  it('reports a renamed or deleted test, an uncited rule and a stale coverage line', () => {
    const markdown = [
      'Coverage: 2 rules and rows; 2 shown by at least one side (all the showable ones, 100 %), 0 that nothing can show (last table). Of the 2, 2 are shown on both sides.',
      '',
      '| Rule | Text | Client | Service |',
      '|---|---|---|---|',
      '| A 1 | x | `a.test.ts › does a` | `b.test.ts › does b` |',
      '| A 2 | y | | — the service cannot |',
    ].join('\n');
    const files: Record<string, string> = {
      'a.test.ts': "it('does a', () => {});",
      'b.test.ts': "it.each([1, 2])('does b %s', () => {});",
    };
    const problems = checkCoverage(parseCoverage(markdown), (file) => files[file]);
    expect(problems).toEqual([
      'missing test: b.test.ts › does b',
      'A 2: the client cell cites no test and gives no reason',
      'A 2: no test on either side',
      expect.stringMatching(/^the coverage line should read: .*1 are shown on both sides\.$/),
    ]);
  });

  it('finds names in it, test and each calls, whatever the quotes', () => {
    const source = `it.each([[1], [2]])(\n  'runs %s',\n  () => {},\n);\ntest("it's quoted", () => {});\nit('it\\'s escaped', () => {});`;
    expect(declaresTest(source, 'runs %s')).toBe(true);
    expect(declaresTest(source, "it's quoted")).toBe(true);
    expect(declaresTest(source, "it's escaped")).toBe(true);
    expect(declaresTest(source, 'runs')).toBe(false);
    expect(declaresTest("describe('a suite', () => {});", 'a suite')).toBe(false);
  });
});
