/**
 * The `<script type="module">` tag that loaded the module at `url` (its `import.meta.url`), or
 * undefined: a module script has no `document.currentScript`. `script.src` is absolute, as
 * `import.meta.url` is. Behind a redirect (a `latest/` URL, say) the module's URL is where it was
 * redirected to, so no tag matches exactly; then the one module tag naming the same file is taken.
 * With none, or several (two versions on one page), there is no telling: undefined, and the host
 * configures through `window.vstoreEmbed`.
 */
export function ownScript(url: string, doc: Document = document): HTMLScriptElement | undefined {
  const scripts = [...doc.scripts];
  const exact = scripts.find((script) => script.src === url);
  if (exact) return exact;
  const sameFile = sameFileTags(url, doc);
  return sameFile.length === 1 ? sameFile[0] : undefined;
}

/** The module script tags whose `src` names the same file as `url` (query and folders aside). */
export function sameFileTags(url: string, doc: Document = document): HTMLScriptElement[] {
  const file = fileOf(url);
  return [...doc.scripts].filter((script) => script.type === 'module' && fileOf(script.src) === file);
}

function fileOf(src: string): string | undefined {
  try {
    return new URL(src).pathname.split('/').pop() || undefined;
  } catch {
    return undefined;
  }
}
