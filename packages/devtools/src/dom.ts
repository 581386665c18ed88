// The panel is drawn from markup strings: far smaller in the bundle than building each node, and as
// safe, since every value from the store (ids, types, origins, field values come from the network)
// goes through `esc` and lands in text or in a quoted attribute.

/** Escapes text for HTML content and double-quoted attribute values. */
export const esc = (value: unknown): string =>
  String(value).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Columns of versions are right-aligned, as their cells are. */
const NUMERIC = /^(Version|Held|Offered)$/;

const numeric = (name: string) => (NUMERIC.test(name) ? ' class=num' : '');

/** A table head: one row of column headers. */
export const head = (columns: readonly string[]): string =>
  `<thead><tr>${columns.map((c) => `<th scope=col${numeric(c)}>${esc(c)}</th>`).join('')}</tr></thead>`;

/** `<option>`s of `values`, labelled `v<n>` when `versions`. */
export const options = (values: readonly (string | number)[], versions = false): string =>
  values.map((v) => `<option value="${esc(v)}">${versions ? 'v' : ''}${esc(v)}</option>`).join('');

export const versionText = (v: number | undefined): string => (v === undefined ? '—' : `v${v}`);
