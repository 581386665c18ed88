/**
 * The `<script type="module">` tag that loaded the module at `url` (its `import.meta.url`), or
 * undefined: a module script has no `document.currentScript`. `script.src` is absolute, as
 * `import.meta.url` is. Behind a redirect the module's URL is where it was redirected to, so no tag
 * matches; the host then configures through `window.vstoreEmbed`.
 */
export function ownScript(url: string, doc: Document = document): HTMLScriptElement | undefined {
  return [...doc.scripts].find((script) => script.src === url);
}
