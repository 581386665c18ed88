import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const cli = fileURLToPath(new URL('../../../packages/service/src/cli.ts', import.meta.url));
const children: ChildProcess[] = [];

/** Runs the CLI from source; resolves with the first stdout line and the process. */
function run(
  args: string[],
  command: string[] = ['--import', 'tsx', cli],
): {
  child: ChildProcess;
  firstLine: Promise<string>;
  exit: Promise<number | null>;
} {
  const child = spawn(process.execPath, [...command, ...args], { cwd: root, stdio: 'pipe' });
  children.push(child);
  let out = '';
  const firstLine = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no output in 15 s: ${out}`)), 15_000);
    const take = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve(out.split('\n')[0] ?? '');
      }
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, firstLine, exit };
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('vstore-service CLI', () => {
  it('serves on loopback with --port, --faults and --seed, and stops cleanly on SIGTERM', async () => {
    const { child, firstLine, exit } = run([
      '--port',
      '0',
      '--faults',
      'flaky',
      '--seed',
      '5',
      '--no-rate-limit',
    ]);
    const line = await firstLine;
    expect(line).toMatch(
      /^vstore-service listening on http:\/\/127\.0\.0\.1:\d+ \(faults: flaky, seed: 5\)$/,
    );
    const url = /http:\/\/\S+/.exec(line)?.[0];
    const state = await (
      await fetch(`${url}/__admin/state`, { headers: { authorization: 'Bearer dev-token' } })
    ).json();
    expect(state.faults).toBe('flaky');
    const gateway = await fetch(`${url}/spend_controls/sc_1`);
    expect(gateway.status).toBe(401);
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });

  it('refuses an unknown fault profile with a message and exit code 1', async () => {
    const { firstLine, exit } = run(['--faults', 'wild']);
    expect(await firstLine).toContain('--faults must be none, flaky or chaos');
    expect(await exit).toBe(1);
  });

  it('serves the resources declared in --resources <file.json>', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'vstore-cli-')), 'resources.json');
    writeFileSync(
      file,
      JSON.stringify({
        invoices: {
          type: 'invoice',
          idKey: 'invoice_id',
          updatable: ['status', 'total'],
          seed: [{ invoice_id: 'inv_1', status: 'draft', total: 10 }],
        },
      }),
    );
    const { child, firstLine, exit } = run(['--port', '0', '--resources', file]);
    const url = /http:\/\/\S+/.exec(await firstLine)?.[0];
    const auth = { authorization: 'Bearer dev-token' };
    const read = await fetch(`${url}/invoices/inv_1`, { headers: auth });
    expect(await read.json()).toMatchObject({ invoice_id: 'inv_1', version: 1, total: 10 });
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });

  it('refuses a bad --resources file with one line naming the field, and exit code 1', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'vstore-cli-')), 'resources.json');
    writeFileSync(file, JSON.stringify({ invoices: { type: 'invoice', updatable: [] } }));
    const { firstLine, exit } = run(['--port', '0', '--resources', file]);
    expect(await firstLine).toContain('resources.invoices.idKey must be a field name');
    expect(await exit).toBe(1);
  });

  it('serves the list of a --resources declaration with its list.filters, and refuses a bad filter in one line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vstore-cli-'));
    const file = join(dir, 'resources.json');
    writeFileSync(
      file,
      JSON.stringify({
        invoices: {
          type: 'invoice',
          idKey: 'invoice_id',
          updatable: ['status'],
          list: { filters: ['customer_id', { field: 'status', values: ['draft', 'sent'] }] },
          seed: [
            { invoice_id: 'inv_1', customer_id: 'c_1', status: 'draft' },
            { invoice_id: 'inv_2', customer_id: 'c_2', status: 'sent' },
            { invoice_id: 'inv_3', customer_id: 'c_1', status: 'sent' },
          ],
        },
      }),
    );
    const { child, firstLine, exit } = run(['--port', '0', '--resources', file]);
    const url = /http:\/\/\S+/.exec(await firstLine)?.[0];
    const auth = { authorization: 'Bearer dev-token' };
    const sent = await (await fetch(`${url}/invoices?status=sent&customer_id=c_1`, { headers: auth })).json();
    expect(sent).toEqual({ data: [expect.objectContaining({ invoice_id: 'inv_3', version: 1 })] });
    const bad = await fetch(`${url}/invoices?status=paid`, { headers: auth });
    expect(bad.status).toBe(400);
    child.kill('SIGTERM');
    expect(await exit).toBe(0);

    const badFile = join(dir, 'bad.json');
    writeFileSync(
      badFile,
      JSON.stringify({
        invoices: {
          type: 'invoice',
          idKey: 'invoice_id',
          updatable: [],
          list: { filters: [{ field: 'status' }] },
        },
      }),
    );
    const refused = run(['--port', '0', '--resources', badFile]);
    expect(await refused.firstLine).toBe(
      'resources.invoices.list.filters[0].values must be a non-empty array of strings of 1 to 200 characters.',
    );
    expect(await refused.exit).toBe(1);
  });

  it('documents and checks the slow-client limits', async () => {
    const help = run(['--help']);
    let text = '';
    help.child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    expect(await help.exit).toBe(0);
    expect(text).toContain('--headers-timeout-ms <n>');
    expect(text).toContain('--request-timeout-ms <n>');
    const refused = run(['--port', '0', '--headers-timeout-ms', '500', '--request-timeout-ms', '100']);
    expect(await refused.firstLine).toBe(
      '--request-timeout-ms must be at least --headers-timeout-ms, and both at least 1.',
    );
    expect(await refused.exit).toBe(1);
  });

  it('runs from the committed bin shim before any build (what pnpm links at install)', async () => {
    const bin = fileURLToPath(new URL('../../../packages/service/bin/vstore-service.mjs', import.meta.url));
    const { child, firstLine, exit } = run(['--port', '0'], [bin]);
    expect(await firstLine).toMatch(/^vstore-service listening on http:\/\/127\.0\.0\.1:\d+ /);
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });

  it('prints one line, not the usage, when the port is taken (EADDRINUSE), and exits 1', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const { child, exit } = run(['--port', String(port)]);
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      expect(await exit).toBe(1);
      expect(output.trim().split('\n')).toEqual([
        `vstore-service: 127.0.0.1:${port} is already in use; choose another --port (0 picks a free one).`,
      ]);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('lets service.listen() load the Node entry from source under tsx (as scripts/demo.mjs runs it)', async () => {
    const index = new URL('../../../packages/service/src/index.ts', import.meta.url).href;
    const script = [
      "const { tsImport } = await import('tsx/esm/api');",
      `const { createService } = await tsImport(${JSON.stringify(index)}, import.meta.url);`,
      'const server = await createService().listen({ port: 0 });',
      "const answer = await fetch(server.url + '/accounts/acc_1', { headers: { authorization: 'Bearer dev-token' } });",
      "console.log('status ' + answer.status);",
      'await server.close();',
    ].join('\n');
    const { firstLine, exit } = run([], ['--input-type=module', '-e', script]);
    expect(await firstLine).toBe('status 200');
    expect(await exit).toBe(0);
  });
});
