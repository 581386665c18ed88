import type { SpendControl } from '@vstore/core';
import { displayFields } from './format';

/** One history row: a version and every displayed field that differs from the version before it. */
export interface HistoryRow {
  readonly version: number;
  readonly versionTime: string;
  /** `[label, before, after]`; the first version lists every field with `before` undefined. */
  readonly changes: ReadonlyArray<readonly [label: string, before: string | undefined, after: string]>;
}

/** Fields a history row compares; `Version time` changes with every version, so it is its own column. */
const compared = (control: SpendControl) =>
  displayFields(control).filter(([label]) => label !== 'Version time');

/** Newest first, each version with all the fields it changed (not only the first one found). */
export function historyRows(versions: readonly SpendControl[]): HistoryRow[] {
  const sorted = [...versions].sort((a, b) => a.version - b.version);
  const rows: HistoryRow[] = [];
  let previous: Map<string, string> | undefined;
  for (const control of sorted) {
    const fields = compared(control);
    const changes = fields
      .filter(([label, value]) => previous?.get(label) !== value)
      .map(([label, value]) => [label, previous?.get(label), value] as const);
    rows.push({ version: control.version, versionTime: control.version_time, changes });
    previous = new Map(fields);
  }
  return rows.reverse();
}

export const HISTORY_PAGE_SIZE = 20;

/** One page of `rows` (0-based), and how many pages there are; a page past the end shows the last. */
export function historyPage<T>(rows: readonly T[], page: number, size = HISTORY_PAGE_SIZE) {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(0, page), pages - 1);
  return { rows: rows.slice(current * size, (current + 1) * size), page: current, pages };
}
