import type { ClientSnapshot } from './clientSnapshot';

// Characters that end or confuse an inline <script> (`</script>`, `<!--`), or HTML entities (&), and
// the two line terminators older JavaScript parsers reject inside strings. Outside strings, JSON has
// none of them, so escaping each as \uXXXX keeps the text valid JSON with the same value.
const UNSAFE = /[<>&\u2028\u2029]/g;
const toUnicodeEscape = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * The snapshot as JSON that is safe to put inside a `<script>` element, as a JavaScript expression
 * (`window.__VSTORE__ = …`) or as the text of `<script type="application/json">`: no string in it
 * can close the element or open a comment. Read it back with `JSON.parse` and give it to
 * `hydrate(client, snapshot)`.
 */
export function serializeSnapshot(snapshot: ClientSnapshot): string {
  const json = JSON.stringify(snapshot);
  if (typeof json !== 'string') throw new TypeError('serializeSnapshot: the snapshot is not JSON data');
  return json.replace(UNSAFE, toUnicodeEscape);
}
