import { createServer, type ViteDevServer } from 'vite';

export interface RunningApp {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves an example with Vite's dev server on loopback, using the example's own vite.config.ts.
 * `env` passes settings such as the service URL into the page: Vite exposes `VITE_*` variables of
 * the process as `import.meta.env.VITE_*`.
 */
export async function startViteApp(root: string, env: Record<string, string> = {}): Promise<RunningApp> {
  for (const [key, value] of Object.entries(env)) process.env[key] = value;
  const server: ViteDevServer = await createServer({
    root,
    logLevel: 'error',
    // No file watching: an edit elsewhere in the tree must not reload the page mid-test.
    server: { host: '127.0.0.1', port: 0, strictPort: false, watch: null },
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('vite dev server has no TCP address');
  return { url: `http://127.0.0.1:${address.port}/`, close: () => server.close() };
}
