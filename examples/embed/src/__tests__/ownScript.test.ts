// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { ownScript } from '../ownScript';

/** A page holding these script tags, parsed (so not run). */
const page = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const at = (path: string) => new URL(path, document.baseURI).href;

describe('ownScript', () => {
  it("finds the tag whose src, resolved against the page, is the module's URL", () => {
    const doc = page(`
      <script type="module" src="/cdn/v1/other.js"></script>
      <script type="module" src="/cdn/v1/vstore-embed.js?v=2" data-token="t"></script>`);
    expect(ownScript(at('/cdn/v1/vstore-embed.js?v=2'), doc)?.dataset.token).toBe('t');
  });

  it('finds none when no tag loaded that URL (a redirect, or a copy loaded by an import)', () => {
    const doc = page(`
      <script type="module" src="/cdn/v1/vstore-embed.js" data-token="t"></script>
      <script type="module">import '/cdn/v1/vstore-embed.js';</script>`);
    expect(doc.scripts).toHaveLength(2);
    expect(ownScript(at('/cdn/v2/vstore-embed.js'), doc)).toBeUndefined();
  });
});
