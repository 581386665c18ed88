// @vitest-environment happy-dom
import { Writable } from 'node:stream';
import type { ClientSnapshot } from '@vstore/core';
import { act, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToPipeableStream, renderToString } from 'react-dom/server.node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// React warns about act outside a test renderer unless told it is in one.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Side = typeof import('./ssrDetail');
/** One side's own instances of @vstore/react, core and the page (see ssrDetail.tsx). */
async function side(): Promise<Side> {
  vi.resetModules();
  return import('./ssrDetail');
}

/** Renders to a string the way a Node server streams, once everything (Suspense included) is ready. */
const streamToString = (element: ReactElement) =>
  new Promise<string>((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        html += String(chunk);
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: reject,
    });
  });

let warnings: ReturnType<typeof vi.spyOn>[];
let root: Root | undefined;
beforeEach(() => {
  warnings = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  for (const spy of warnings) spy.mockRestore();
  document.body.innerHTML = '';
});

/** The browser half: a client given the snapshot (as the page carries it) hydrates the server's markup. */
async function hydrateMarkup(html: string, snapshot: ClientSnapshot, suspense = false) {
  const browserSide = await side();
  const browser = browserSide.ssrService(3);
  const { serializeSnapshot } = await import('@vstore/core');
  browserSide.hydrate(browser.client, JSON.parse(serializeSnapshot(snapshot)));
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const recoverable = vi.fn();
  await act(async () => {
    root = hydrateRoot(container, browserSide.page(browser.client, suspense), {
      onRecoverableError: recoverable,
    });
  });
  return { browser, container, recoverable, firstRenders: Object.fromEntries(browserSide.firstRenders) };
}

/** Reads of the latest sc_1 or of a version: the ones maxAgeMs (or immutability) must spare at mount. */
const coveredReads = (reads: string[]) =>
  reads.filter((r) => r === '/spend_controls/sc_1' || r.includes('version='));

describe('server rendering with @vstore/react', () => {
  it('hydrates data preloaded before renderToString with the same markup: latest, historical, history, error', async () => {
    const serverSide = await side();
    const server = serverSide.ssrService(3);
    const sc = server.client.spendControls;
    await Promise.all([
      sc.get('sc_1'),
      sc.get('sc_1', { version: 1 }),
      sc.history('sc_1'),
      sc.get('sc_404').catch(() => undefined),
    ]);
    const html = renderToString(serverSide.page(server.client));
    expect(html).toContain('latest success Travel v3 v3 fetching:false');
    expect(html).toContain('historical success Travel v1 100 fetching:false');
    expect(html).toContain('<li>v1 Travel v1</li><li>v2 Travel v2</li><li>v3 Travel v3</li>');
    expect(html).toContain('failed error ApiError: ');
    expect(html).toContain('spend control sc_404 not found');

    const { browser, container, recoverable, firstRenders } = await hydrateMarkup(
      html,
      serverSide.dehydrate(server.client),
    );
    expect(firstRenders).toEqual({ latest: false, historical: false, history: false, failed: false });
    expect(recoverable).not.toHaveBeenCalled();
    for (const spy of warnings) expect(spy).not.toHaveBeenCalled();
    expect(coveredReads(browser.reads)).toEqual([]);
    // History and errors may be read again after mount; once settled the markup is the server's.
    await vi.waitFor(() => expect(container.innerHTML).toBe(html));
  });

  it('hydrates what Suspense read while streaming with renderToPipeableStream', async () => {
    const serverSide = await side();
    const server = serverSide.ssrService(3);
    const html = await streamToString(serverSide.page(server.client, true));
    expect([...server.reads].sort()).toEqual([
      '/spend_controls/sc_1',
      '/spend_controls/sc_1/history',
      '/spend_controls/sc_1?version=1',
    ]);
    expect(html).toContain('latest success Travel v3 v3 fetching:false');
    expect(html).toContain('historical success Travel v1 100 fetching:false');
    expect(html).toContain('<li>v3 Travel v3</li>');
    expect(html).not.toContain('loading');

    const { browser, container, recoverable, firstRenders } = await hydrateMarkup(
      html,
      serverSide.dehydrate(server.client),
      true,
    );
    expect(firstRenders).toEqual({ latest: false, historical: false, history: false });
    expect(recoverable).not.toHaveBeenCalled();
    for (const spy of warnings) expect(spy).not.toHaveBeenCalled();
    expect(coveredReads(browser.reads)).toEqual([]);
    expect(container.innerHTML).toBe(html);
  });

  it('mismatches without the reads of the snapshot (so the tests above can fail)', async () => {
    const serverSide = await side();
    const server = serverSide.ssrService(3);
    await server.client.spendControls.history('sc_1');
    const html = renderToString(serverSide.page(server.client));
    const { recoverable } = await hydrateMarkup(html, { ...serverSide.dehydrate(server.client), reads: [] });
    expect(recoverable.mock.calls.length + (warnings[0]?.mock.calls.length ?? 0)).toBeGreaterThan(0);
  });
});
