// Parses docs/spec-coverage.md and checks it against the test files; used by specCoverage.test.ts.

const RULE_HEADER = ['Rule', 'Text', 'Client', 'Service'];
const UNSHOWN_HEADER = ['Rule', 'Text', 'Why nothing can show it'];

export interface Reference {
  file: string;
  name: string;
}

interface Row {
  rule: string;
  client: string;
  service: string;
}

export interface CoverageDoc {
  rules: Row[];
  unshown: { rule: string; reason: string }[];
  references: Reference[];
  summary: string | undefined;
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

export function referencesIn(text: string): Reference[] {
  return [...text.matchAll(/`([^`\s]+\.test\.tsx?) › ([^`]+)`/g)].map((m) => ({
    file: m[1] ?? '',
    name: m[2] ?? '',
  }));
}

export function parseCoverage(markdown: string): CoverageDoc {
  const doc: CoverageDoc = { rules: [], unshown: [], references: referencesIn(markdown), summary: undefined };
  let kind: 'rules' | 'unshown' | undefined;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('Coverage:')) doc.summary = line;
    if (!line.startsWith('|')) {
      kind = undefined;
      continue;
    }
    const row = cells(line);
    if (row.every((c) => /^:?-+:?$/.test(c))) continue;
    if (row.join('|') === RULE_HEADER.join('|')) kind = 'rules';
    else if (row.join('|') === UNSHOWN_HEADER.join('|')) kind = 'unshown';
    else if (kind === 'rules')
      doc.rules.push({ rule: row[0] ?? '', client: row[2] ?? '', service: row[3] ?? '' });
    else if (kind === 'unshown') doc.unshown.push({ rule: row[0] ?? '', reason: row[2] ?? '' });
  }
  return doc;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when `source` has an it/test call (plain or `.each`) whose name is exactly `name`. */
export function declaresTest(source: string, name: string): boolean {
  return ["'", '"', '`'].some((quote) => {
    const literal = escapeRegExp(name.replaceAll('\\', '\\\\').replaceAll(quote, `\\${quote}`));
    const call = new RegExp(
      `\\b(?:it|test)(?:\\.each\\([\\s\\S]*?\\))?\\(\\s*${escapeRegExp(quote)}${literal}${escapeRegExp(quote)}`,
    );
    return call.test(source);
  });
}

/** Problems with a parsed document, one line each; empty when it is sound. */
export function checkCoverage(doc: CoverageDoc, read: (file: string) => string | undefined): string[] {
  const problems: string[] = [];
  const sources = new Map<string, string | undefined>();
  for (const ref of doc.references) {
    if (!sources.has(ref.file)) sources.set(ref.file, read(ref.file));
    const source = sources.get(ref.file);
    if (source === undefined) problems.push(`missing file: ${ref.file}`);
    else if (!declaresTest(source, ref.name)) problems.push(`missing test: ${ref.file} › ${ref.name}`);
  }
  for (const row of doc.rules) {
    for (const [side, cell] of [
      ['client', row.client],
      ['service', row.service],
    ] as const) {
      const cited = referencesIn(cell).length > 0;
      const excused = /^— \S/.test(cell);
      if (!cited && !excused)
        problems.push(`${row.rule}: the ${side} cell cites no test and gives no reason`);
    }
    if (referencesIn(`${row.client} ${row.service}`).length === 0)
      problems.push(`${row.rule}: no test on either side`);
  }
  for (const row of doc.unshown) if (row.reason === '') problems.push(`${row.rule}: no reason given`);
  const both = doc.rules.filter(
    (r) => referencesIn(r.client).length > 0 && referencesIn(r.service).length > 0,
  );
  const total = doc.rules.length + doc.unshown.length;
  const expected =
    `Coverage: ${total} rules and rows; ${doc.rules.length} shown by at least one side (all the showable ones, 100 %), ` +
    `${doc.unshown.length} that nothing can show (last table). Of the ${doc.rules.length}, ${both.length} are shown on both sides.`;
  if (doc.summary !== expected) problems.push(`the coverage line should read: ${expected}`);
  return problems;
}
