// The panel is drawn from markup strings: far smaller in the bundle than building each node, and as
// safe, since every value from the store (ids, types, origins, field values come from the network)
// goes through `esc` and lands in text or in a quoted attribute.

/** Escapes text for HTML content and double-quoted attribute values. */
export const esc = (value: unknown): string =>
  String(value).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Columns of numbers are right-aligned, as their cells are. */
const NUMERIC = /^(Version|Held|Offered|Pages|Rows)$/;

const numeric = (name: string) => (NUMERIC.test(name) ? ' class=num' : '');

/** A table head: one row of column headers. */
export const head = (columns: readonly string[]): string =>
  `<thead><tr>${columns.map((c) => `<th scope=col${numeric(c)}>${esc(c)}</th>`).join('')}</tr></thead>`;

/** `<option>`s of `values`, labelled `v<n>` when `versions`. */
export const options = (values: readonly (string | number)[], versions = false): string =>
  values.map((v) => `<option value="${esc(v)}">${versions ? 'v' : ''}${esc(v)}</option>`).join('');

export const versionText = (v: number | undefined): string => (v === undefined ? '—' : `v${v}`);

/** Local wall-clock time with milliseconds, e.g. 14:03:07.215. */
export const formatTime = (epochMs: number): string => {
  const d = new Date(epochMs);
  return `${d.toTimeString().slice(0, 8)}.${String(d.getMilliseconds()).padStart(3, '0')}`;
};

/**
 * One row of a table: its key (what stays the same row across redraws), what it shows (compared by
 * identity: unchanged, the drawn row stays) and its markup, made only when it is drawn anew.
 */
export type Row = [key: unknown, shows: unknown, html: () => string];
