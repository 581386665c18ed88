// `pnpm demo`: the local service and the React dashboard in one process, from source (no build).
// `pnpm demo:custom` (`node scripts/demo.mjs custom-resource`): the service with the resources that
// examples/custom-resource/resources.json declares, and that app.
// Ctrl-C, SIGINT or SIGTERM closes both and exits 0; the last line says so.
//
// Settings (environment): SERVICE_PORT [4010], DASHBOARD_PORT [the app's port], DEMO_HOST [127.0.0.1],
// DEMO_FAULTS [none|flaky|chaos], DEMO_WRITE_DELAY_MS [300: overlapping edits really conflict],
// DEMO_TASK_DURATION_MS [4000: long enough to watch the deletion progress].
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
const host = process.env.DEMO_HOST ?? '127.0.0.1';

/** The apps this script can start: their Vite port, their name, and the resources they declare. */
const APPS = {
  'react-dashboard': { port: 5173, label: 'React dashboard', command: 'pnpm demo' },
  'custom-resource': {
    port: 5177,
    label: 'Invoices app',
    command: 'pnpm demo:custom',
    resources: 'examples/custom-resource/resources.json',
  },
};

/** An error whose message is the whole story: printed as it is, without a stack. */
class DemoError extends Error {
  name = 'DemoError';
}

function port(name, fallback) {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new DemoError(`${name} must be a port number from 0 to 65535 (0: any free port), got "${raw}".`);
  }
  return value;
}

function milliseconds(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new DemoError(`${name} must be a number of ms >= 0.`);
  return value;
}

/**
 * Listens with `start`; a port already taken becomes one line that names the port, what wanted it,
 * and the variable that picks another. Node reports EADDRINUSE; Vite (strictPort) its own sentence.
 */
async function listenOn(what, variable, wanted, command, start) {
  try {
    return await start();
  } catch (error) {
    const busy =
      error?.code === 'EADDRINUSE' || /^Port \d+ is already in use$/.test(String(error?.message ?? ''));
    if (!busy) throw error;
    const other = wanted === 65535 ? wanted - 1 : wanted + 1;
    throw new DemoError(
      `Port ${wanted} on ${host} is already in use, so the ${what} cannot start: stop what holds it, or choose another port with ${variable} (e.g. ${variable}=${other} ${command}).`,
    );
  }
}

/**
 * Whether this process is in the terminal's foreground process group. A background job (`pnpm demo &`)
 * that touched the terminal's mode would be stopped by the kernel (SIGTTOU), so only a foreground one
 * reads Ctrl-C itself.
 */
function inForeground() {
  try {
    // "pid (comm) state ppid pgrp session tty_nr tpgid …"; comm may hold spaces, so split after it.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    return fields[2] !== undefined && fields[2] === fields[5];
  } catch {
    // No /proc (macOS): ps prints the same two numbers.
    const out = spawnSync('ps', ['-o', 'pgid=,tpgid=', '-p', String(process.pid)], { encoding: 'utf8' });
    const [pgid, tpgid] = (out.stdout ?? '').trim().split(/\s+/);
    return pgid !== undefined && pgid !== '' && pgid === tpgid;
  }
}

/**
 * Stops on Ctrl-C read as a key rather than as a signal. Run by pnpm, this script sits under
 * `sh -c`; a Ctrl-C turned into SIGINT by the terminal reaches that shell too, which dies of it, and
 * pnpm then reports "ELIFECYCLE Command failed." and exits 130 whatever this process does. With the
 * terminal in raw mode no signal is sent at all: this process reads the key, closes both servers
 * and exits 0, and so do the shell and pnpm. Without a terminal (CI, a test) or in the background,
 * signals do the job.
 */
function stopOnCtrlC(stop) {
  const input = process.stdin;
  if (!input.isTTY || !inForeground()) return;
  input.setRawMode(true);
  input.on('data', (bytes) => {
    // Ctrl-C, and Ctrl-D and Ctrl-\, which would otherwise do nothing or kill without closing.
    if (bytes.some((b) => b === 0x03 || b === 0x04 || b === 0x1c)) void stop('Ctrl-C');
  });
  input.resume();
}

async function main() {
  const name = process.argv[2] ?? 'react-dashboard';
  if (!Object.hasOwn(APPS, name))
    throw new DemoError(`Unknown app "${name}": use ${Object.keys(APPS).join(' or ')}.`);
  const app = APPS[name];
  const servicePort = port('SERVICE_PORT', 4010);
  const dashboardPort = port('DASHBOARD_PORT', app.port);
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
  const api = await listenOn('vstore service', 'SERVICE_PORT', servicePort, app.command, () =>
    service.listen({ port: servicePort, host }),
  );

  let dashboard;
  try {
    process.env.VITE_SERVICE_URL = api.url;
    const { createServer } = await import('vite');
    dashboard = await createServer({
      root: `${root}examples/${name}`,
      logLevel: 'warn',
      server: { host, port: dashboardPort, strictPort: true },
    });
    await listenOn(app.label, 'DASHBOARD_PORT', dashboardPort, app.command, () => dashboard.listen());
  } catch (error) {
    await Promise.allSettled([api.close(), dashboard?.close()]);
    throw error;
  }

  let stopping = false;
  const stop = async (reason) => {
    if (stopping) return;
    stopping = true;
    if (process.stdin.isRaw) process.stdin.setRawMode(false);
    console.log(`${reason}: stopping the ${app.label} and the vstore service…`);
    // Bounded: a stuck close must not keep the terminal hostage.
    const timeout = setTimeout(() => {
      console.error('The demo did not stop within 5 s; exiting anyway (exit code 1).');
      process.exit(1);
    }, 5000);
    timeout.unref();
    const results = await Promise.allSettled([dashboard.close(), api.close()]);
    const failed = results.filter((r) => r.status === 'rejected');
    for (const r of failed) console.error(r.reason instanceof Error ? r.reason.message : r.reason);
    if (failed.length > 0) {
      console.error('The demo stopped, but not cleanly (exit code 1).');
      process.exit(1);
    }
    console.log('The demo stopped: the dashboard and the service are closed.');
    process.exit(0);
  };
  // `on`, not `once`: a second Ctrl-C during shutdown must not kill the process half-way.
  const onSignal = (signal) => void stop(signal);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, onSignal);
  // Vite installs its own SIGTERM handler that exits with 143 once its server is closed, racing the
  // service's shutdown; this process owns both servers, so its handler replaces Vite's. Ours goes in
  // first: with no SIGTERM listener at all for a moment, Node would stop watching the signal, and
  // one arriving then would kill the process or be lost.
  for (const listener of process.listeners('SIGTERM'))
    if (listener !== onSignal) process.off('SIGTERM', listener);
  stopOnCtrlC(stop);

  // Printed once the signals are handled: a test (or a person) that stops the demo on this line
  // always finds it ready to stop.
  const url = dashboard.resolvedUrls?.local[0] ?? `http://${host}:${dashboard.config.server.port}/`;
  console.log(`\n  vstore service    ${api.url}`);
  console.log(`  ${app.label.padEnd(17)} ${url}\n`);
  console.log('  Press Ctrl-C to stop both.\n');
}

main().catch((error) => {
  console.error(error instanceof DemoError ? error.message : error instanceof Error ? error.stack : error);
  process.exit(1);
});
