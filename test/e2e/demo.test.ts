import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// `pnpm demo` as a person runs it: started, used, stopped with Ctrl-C; and started on a busy port.
const root = fileURLToPath(new URL('../..', import.meta.url));
const STOPPED = 'The demo stopped: the dashboard and the service are closed.';

interface Run {
  child: ChildProcess;
  /** stdout and stderr as they came, line ends normalised (a terminal writes \r\n). */
  output(): string;
  /** Resolves with the output once `text` appears in it. */
  waitFor(text: string | RegExp): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running: ChildProcess[] = [];

function run(command: string, args: string[], env: Record<string, string>): Run {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env, FORCE_COLOR: '0' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.push(child);
  let text = '';
  const waiters = new Set<() => void>();
  const take = (chunk: Buffer) => {
    text += chunk.toString('utf8').replace(/\r\n/g, '\n');
    for (const wake of waiters) wake();
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  // Bounded: a demo that does not stop fails the test in 20 s, with what it printed, instead of hanging.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the demo did not exit within 20 s; it printed:\n${text}`)),
      20_000,
    );
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
  return {
    child,
    exited,
    output: () => text,
    waitFor(pattern) {
      const found = () => (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text));
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!found()) return;
          waiters.delete(check);
          resolve(text);
        };
        waiters.add(check);
        // A demo that exits before printing it fails here, with what it printed, rather than at a timeout.
        void exited.then(() => {
          if (found()) return check();
          waiters.delete(check);
          reject(new Error(`the demo exited before printing ${String(pattern)}; it printed:\n${text}`));
        }, reject);
        check();
      });
    },
  };
}

/** The URLs the demo prints: `vstore service  http://…` and `React dashboard  http://…`. */
function urls(output: string): { service: string; dashboard: string } {
  const service = /vstore service\s+(http:\/\/\S+)/.exec(output)?.[1];
  const dashboard = /React dashboard\s+(http:\/\/\S+)/.exec(output)?.[1];
  if (!service || !dashboard) throw new Error(`no URLs in the demo's output:\n${output}`);
  return { service, dashboard };
}

const lastLine = (output: string) => output.trimEnd().split('\n').at(-1)?.trim();

/** Whether anything still accepts connections at `url` (fetch fails once the server is closed). */
const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(5000) }).then(
    () => true,
    () => false,
  );

function holdPort(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') throw new Error('no TCP address');
      resolve({ server, port: address.port });
    });
  });
}

afterEach(() => {
  // A failed assertion must not leave a demo running: each child is stopped by its own pid.
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('pnpm demo', () => {
  it('stops on SIGINT with exit code 0, both servers closed, and says so on its last line', async () => {
    const demo = run(process.execPath, ['scripts/demo.mjs'], { SERVICE_PORT: '0', DASHBOARD_PORT: '0' });
    const { service, dashboard } = urls(await demo.waitFor('Press Ctrl-C'));
    expect(await answers(dashboard)).toBe(true);
    expect(await answers(`${service}/spend_controls/sc_1`)).toBe(true);
    demo.child.kill('SIGINT');
    expect(await demo.exited).toEqual({ code: 0, signal: null });
    expect(lastLine(demo.output())).toBe(STOPPED);
    expect(await answers(dashboard)).toBe(false);
    expect(await answers(service)).toBe(false);
  });

  // Sent the moment the demo says it is ready, four times over: the demo used to print that line
  // before it handled signals, and to drop Vite's SIGTERM listener before adding its own, so a signal
  // then killed it or was lost (one run in four in a loop of these).
  it('stops on SIGTERM the same way, even sent the moment it says it is ready', async () => {
    for (let i = 0; i < 4; i++) {
      const demo = run(process.execPath, ['scripts/demo.mjs'], { SERVICE_PORT: '0', DASHBOARD_PORT: '0' });
      await demo.waitFor('Press Ctrl-C');
      demo.child.kill('SIGTERM');
      expect(await demo.exited).toEqual({ code: 0, signal: null });
      expect(lastLine(demo.output())).toBe(STOPPED);
    }
  });

  it('stops on Ctrl-C typed into a terminal running `pnpm demo`: pnpm exits 0, no ELIFECYCLE', async () => {
    // `script` gives the command a pseudo-terminal, whose line discipline turns the byte 0x03 into
    // SIGINT for the whole foreground group (pnpm, its `sh -c`, node), exactly as a keyboard's Ctrl-C.
    expect(existsSync('/usr/bin/script'), 'util-linux `script` is needed to type into a terminal').toBe(true);
    const demo = run('/usr/bin/script', ['-qec', 'pnpm demo', '/dev/null'], {
      SERVICE_PORT: '0',
      DASHBOARD_PORT: '0',
    });
    const { dashboard } = urls(await demo.waitFor('Press Ctrl-C'));
    expect(await answers(dashboard)).toBe(true);
    demo.child.stdin?.write('\x03');
    // `script -e` exits with the code of the command it ran: pnpm's.
    expect(await demo.exited).toEqual({ code: 0, signal: null });
    expect(demo.output()).not.toContain('ELIFECYCLE');
    expect(lastLine(demo.output())).toBe(STOPPED);
    expect(await answers(dashboard)).toBe(false);
  });

  it('names a busy service port and the variable that picks another, in one line', async () => {
    const { server, port } = await holdPort();
    try {
      const demo = run(process.execPath, ['scripts/demo.mjs'], {
        SERVICE_PORT: String(port),
        DASHBOARD_PORT: '0',
      });
      expect((await demo.exited).code).toBe(1);
      const lines = demo.output().trim().split('\n');
      expect(lines).toEqual([
        `Port ${port} on 127.0.0.1 is already in use, so the vstore service cannot start: stop what holds it, or choose another port with SERVICE_PORT (e.g. SERVICE_PORT=${port + 1} pnpm demo).`,
      ]);
    } finally {
      server.close();
    }
  });

  it('names a busy dashboard port and DASHBOARD_PORT, in one line', async () => {
    const { server, port } = await holdPort();
    try {
      const demo = run(process.execPath, ['scripts/demo.mjs'], {
        SERVICE_PORT: '0',
        DASHBOARD_PORT: String(port),
      });
      expect((await demo.exited).code).toBe(1);
      expect(demo.output().trim().split('\n')).toEqual([
        `Port ${port} on 127.0.0.1 is already in use, so the React dashboard cannot start: stop what holds it, or choose another port with DASHBOARD_PORT (e.g. DASHBOARD_PORT=${port + 1} pnpm demo).`,
      ]);
    } finally {
      server.close();
    }
  });
});
