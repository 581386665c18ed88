// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ownScript, sameFileTags } from '../ownScript';

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

  it('takes the one module tag naming the same file when none matches exactly (a redirect)', () => {
    const doc = page(`
      <script type="module" src="/cdn/latest/vstore-embed.js" data-token="t"></script>
      <script type="module">import '/cdn/v1/other.js';</script>`);
    expect(ownScript(at('/cdn/v2/vstore-embed.js'), doc)?.dataset.token).toBe('t');
  });

  it('finds none when several tags name the file, or none does', () => {
    const two = page(`
      <script type="module" src="/cdn/v1/vstore-embed.js"></script>
      <script type="module" src="/cdn/v3/vstore-embed.js"></script>`);
    expect(ownScript(at('/cdn/v2/vstore-embed.js'), two)).toBeUndefined();
    expect(sameFileTags(at('/cdn/v2/vstore-embed.js'), two)).toHaveLength(2);
    const none = page(`<script type="module">import '/cdn/v1/vstore-embed.js';</script>`);
    expect(ownScript(at('/cdn/v1/vstore-embed.js'), none)).toBeUndefined();
  });
});

describe('readEmbedConfig', () => {
  afterEach(() => {
    delete window.vstoreEmbed;
    vi.restoreAllMocks();
  });

  it('strips the token from every tag naming the widget, even when its own tag is not known', async () => {
    const { readEmbedConfig } = await import('../embedConfig');
    const doc = page(`
      <script type="module" src="/a/vstore-embed.js" data-token="secret-1" data-service-url="http://s"></script>
      <script type="module" src="/b/vstore-embed.js" data-token="secret-2"></script>`);
    const tags = sameFileTags(at('/c/vstore-embed.js'), doc);
    window.vstoreEmbed = { serviceUrl: 'http://s' };
    const config = readEmbedConfig(undefined, tags);
    expect(config.serviceUrl).toBe('http://s');
    expect(doc.body.innerHTML + doc.head.innerHTML).not.toContain('secret');
  });

  it('warns when nothing configured the service, rather than quietly using the demo', async () => {
    const { readEmbedConfig } = await import('../embedConfig');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readEmbedConfig(undefined).serviceUrl).toBe('http://127.0.0.1:4010');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no window.vstoreEmbed.serviceUrl'));
  });
});
