import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createViteServer } from 'vite';

/** What an example's server entry exports: the page for one spend control, and the client's snapshot. */
export interface SsrEntry {
  render(
    id: string,
    options: { serviceUrl: string; token: string },
  ): Promise<{ html: string; snapshot: string }>;
}

export interface SsrServerOptions {
  /** The service the pages read, e.g. a `@vstore/service` on loopback. */
  serviceUrl: string;
  /** @default 'dev-token' */
  token?: string;
  /** @default '127.0.0.1' */
  host?: string;
  /** @default 0 (any free port) */
  port?: number;
}

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Vite in middleware mode behind a Node HTTP server: `/` and `/controls/<id>` render the detail view
 * with the server entry (`entry`, a module path inside `root`), with the client's snapshot in the
 * page for the browser entry.
 */
export async function startSsrServer(example: { root: string; entry: string }, options: SsrServerOptions) {
  const { root, entry } = example;
  const { serviceUrl, token = 'dev-token', host = '127.0.0.1', port = 0 } = options;
  // Read once: nothing is watched (below), so the page's template does not change while this runs.
  const indexHtml = await readFile(`${root}/index.html`, 'utf8');
  const server = createServer((req, res) => {
    vite.middlewares(req, res, async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const match = /^\/(?:controls\/([\w-]+))?$/.exec(url.pathname);
      if (!match) return void res.writeHead(404).end('not found');
      try {
        const id = match[1] ?? 'sc_1';
        const template = await vite.transformIndexHtml(url.pathname, indexHtml);
        const { render } = (await vite.ssrLoadModule(entry)) as SsrEntry;
        const { html, snapshot } = await render(id, { serviceUrl, token });
        const app =
          `<div id="root" data-id="${attribute(id)}" data-service-url="${attribute(serviceUrl)}">${html}</div>` +
          `<script type="application/json" id="vstore-snapshot">${snapshot}</script>`;
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(template.replace('<!--app-->', app));
      } catch (error) {
        vite.ssrFixStacktrace(error as Error);
        res.writeHead(500, { 'content-type': 'text/plain' }).end((error as Error).message);
      }
    });
  });
  const vite = await createViteServer({
    root,
    appType: 'custom',
    logLevel: 'error',
    // Vite's client in the page talks to this server (not a port of its own, which may be taken), and
    // nothing is watched: an edit elsewhere in the workspace must not reload a page under test.
    server: { middlewareMode: true, hmr: { server }, watch: null },
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${bound}/`,
    async close() {
      await vite.close();
      // A browser keeps connections alive; close() alone would wait for them.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
