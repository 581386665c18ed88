// The `vstore-service` bin of an app that installed the packed set (scripts/testPack.mjs).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { StepError } from './consumer.mjs';

/** Starts the app's `vstore-service` bin on a free port; resolves with its URL and a stop function. */
export async function startServiceBin(dir) {
  const child = spawn(join(dir, 'node_modules/.bin/vstore-service'), ['--port', '0'], { cwd: dir });
  let output = '';
  try {
    const url = await new Promise((resolveUrl, reject) => {
      const timer = setTimeout(() => reject(new StepError(`no URL within 15 s:\n${output}`)), 15_000);
      const onData = (chunk) => {
        output += chunk;
        const match = /http:\/\/127\.0\.0\.1:\d+/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolveUrl(match[0]);
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => reject(new StepError(`exited with ${code} before listening:\n${output}`)));
    });
    return { url, stop: () => child.kill('SIGTERM') };
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
}

/** Starts the installed bin and reads one spend control through it. */
export async function smokeBin(dir) {
  const { url, stop } = await startServiceBin(dir);
  try {
    const response = await fetch(`${url}/spend_controls/sc_1`, {
      headers: { Authorization: 'Bearer dev-token' },
      signal: AbortSignal.timeout(10_000),
    });
    const body = await response.json();
    if (response.status !== 200 || body.spend_control_id !== 'sc_1')
      throw new StepError(`GET /spend_controls/sc_1 answered ${response.status}: ${JSON.stringify(body)}`);
    return `(${url}, sc_1 at version ${body.version})`;
  } finally {
    stop();
  }
}
