// `pnpm demo`: the local service and the React dashboard in one process, from source (no build).
// `pnpm demo:custom` (`node scripts/demo.mjs custom-resource`): the service with the resources that
// examples/custom-resource/resources.json declares, and that app.
// Ctrl-C (SIGINT) or SIGTERM closes both and exits 0.
//
// Settings (environment): SERVICE_PORT [4010], DASHBOARD_PORT [the app's port], DEMO_HOST [127.0.0.1],
// DEMO_FAULTS [none|flaky|chaos], DEMO_WRITE_DELAY_MS [300: overlapping edits really conflict],
// DEMO_TASK_DURATION_MS [4000: long enough to watch the deletion progress].
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
const host = process.env.DEMO_HOST ?? '127.0.0.1';

/** The apps this script can start: their Vite port, their name, and the resources they declare. */
const APPS = {
  'react-dashboard': { port: 5173, label: 'React dashboard' },
  'custom-resource': {
    port: 5177,
    label: 'Invoices app',
    resources: 'examples/custom-resource/resources.json',
  },
};

function port(name, fallback) {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`${name} must be a port number, got "${raw}".`);
  }
  return value;
}

function milliseconds(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of ms >= 0.`);
  return value;
}

async function main() {
  const name = process.argv[2] ?? 'react-dashboard';
  if (!Object.hasOwn(APPS, name))
    throw new Error(`Unknown app "${name}": use ${Object.keys(APPS).join(' or ')}.`);
  const app = APPS[name];
  // tsImport runs the service's TypeScript without registering a loader for the whole process.
  const { createService } = await tsImport('../packages/service/src/index.ts', import.meta.url);
  // The same file `vstore-service --resources <file.json>` takes.
  const resources = app.resources && JSON.parse(await readFile(`${root}${app.resources}`, 'utf8'));
  const service = createService({
    ...(resources ? { resources } : {}),
    faults: process.env.DEMO_FAULTS ?? 'none',
    writeDelayMs: milliseconds('DEMO_WRITE_DELAY_MS', 300),
    taskDurationMs: milliseconds('DEMO_TASK_DURATION_MS', 4000),
  });
  const api = await service.listen({ port: port('SERVICE_PORT', 4010), host });

  let dashboard;
  try {
    process.env.VITE_SERVICE_URL = api.url;
    const { createServer } = await import('vite');
    dashboard = await createServer({
      root: `${root}examples/${name}`,
      logLevel: 'warn',
      server: { host, port: port('DASHBOARD_PORT', app.port), strictPort: true },
    });
    await dashboard.listen();
  } catch (error) {
    await api.close();
    throw error;
  }

  const url = dashboard.resolvedUrls?.local[0] ?? `http://${host}:${dashboard.config.server.port}/`;
  console.log(`\n  vstore service    ${api.url}`);
  console.log(`  ${app.label.padEnd(17)} ${url}\n`);
  console.log('  Press Ctrl-C to stop both.\n');

  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the app and the service…`);
    // Bounded: a stuck close must not keep the terminal hostage.
    const timeout = setTimeout(() => {
      console.error('Shutdown took longer than 5 s; exiting anyway.');
      process.exit(1);
    }, 5000);
    timeout.unref();
    const results = await Promise.allSettled([dashboard.close(), api.close()]);
    const failed = results.filter((r) => r.status === 'rejected');
    for (const r of failed) console.error(r.reason instanceof Error ? r.reason.message : r.reason);
    process.exit(failed.length ? 1 : 0);
  };
  // Vite installs its own SIGTERM handler that exits with 143 once its server is closed, racing the
  // service's shutdown; this process owns both servers, so its handler replaces Vite's.
  process.removeAllListeners('SIGTERM');
  // `on`, not `once`: a second Ctrl-C during shutdown must not kill the process half-way.
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
