import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { Violation } from './axe';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Every axe-core violation in the page, of any impact (minor and moderate included), open shadow roots
 * included: WCAG 2.0, 2.1 and 2.2 A and AA, and axe's best practices. `seriousViolations` (axe.ts)
 * keeps only the serious and critical ones.
 */
export async function allViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = window.axe;
    if (!axe) throw new Error('axe-core did not load');
    const result = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'],
      },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)),
    }));
  });
}
