#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createService } from './createService';
import { FAULT_PROFILES, type FaultProfileName } from './faults';
import { listen } from './node';
import type { ResourceDeclaration } from './resourceDeclaration';

const USAGE = `Usage: vstore-service [options]

  --port <n>                port to listen on (default 4010; 0 picks a free one)
  --host <addr>             interface to bind (default 127.0.0.1)
  --faults <profile>        none | flaky | chaos (default none)
  --seed <n>                random seed of the fault decisions (default 1)
  --token <t>               accepted access token, repeatable (default dev-token)
  --task-duration-ms <n>    time until a task is terminal (default 2000)
  --write-delay-ms <n>      time between a write's read and its commit (default 0)
  --resources <file>        JSON file of further versioned resources by path, e.g.
                            { "invoices": { "type": "invoice", "idKey": "invoice_id",
                              "updatable": ["status", "total"], "history": true, "seed": [],
                              "list": { "filters": ["customer_id",
                                { "field": "status", "values": ["draft", "sent"] }] } } }
  --headers-timeout-ms <n>  longest time to send a request's headers, then 408 (default 5000)
  --request-timeout-ms <n>  longest time to send a whole request, body included (default 10000)
  --no-rate-limit           turn the token bucket off
  -h, --help                show this text`;

/** A failure of the running service, not of its arguments: printed as one line, without the usage. */
class RuntimeError extends Error {}

/** One line for a server that could not start; the system's code says why. */
function listenFailure(error: unknown, host: string, port: number): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE')
    return `${host}:${port} is already in use; choose another --port (0 picks a free one).`;
  if (code === 'EACCES') return `no permission to listen on ${host}:${port}; choose a port above 1023.`;
  if (code === 'EADDRNOTAVAIL') return `${host} is not an address of this machine; check --host.`;
  return error instanceof Error ? error.message : String(error);
}

function integer(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`--${name} needs a non-negative integer, got "${raw}".`);
  return value;
}

/** The declarations file as JSON; createService then checks each declaration and names what is wrong. */
function readResources(file: string): Record<string, ResourceDeclaration> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`--resources: cannot read ${file}.`);
  }
  try {
    return JSON.parse(text) as Record<string, ResourceDeclaration>;
  } catch {
    throw new Error(`--resources: ${file} is not valid JSON.`);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      faults: { type: 'string' },
      seed: { type: 'string' },
      token: { type: 'string', multiple: true },
      'task-duration-ms': { type: 'string' },
      'write-delay-ms': { type: 'string' },
      resources: { type: 'string' },
      'headers-timeout-ms': { type: 'string' },
      'request-timeout-ms': { type: 'string' },
      'no-rate-limit': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const faults = values.faults ?? 'none';
  if (!Object.hasOwn(FAULT_PROFILES, faults))
    throw new Error(`--faults must be none, flaky or chaos, got "${faults}".`);
  const randomSeed = integer('seed', values.seed, 1);
  const resources = values.resources === undefined ? undefined : readResources(values.resources);
  const service = createService({
    faults: faults as FaultProfileName,
    randomSeed,
    taskDurationMs: integer('task-duration-ms', values['task-duration-ms'], 2000),
    writeDelayMs: integer('write-delay-ms', values['write-delay-ms'], 0),
    ...(values.token ? { tokens: values.token } : {}),
    ...(resources === undefined ? {} : { resources }),
    ...(values['no-rate-limit'] ? { rateLimit: false as const } : {}),
  });
  const port = integer('port', values.port, 4010);
  const host = values.host ?? '127.0.0.1';
  const headersTimeoutMs = integer('headers-timeout-ms', values['headers-timeout-ms'], 5000);
  const requestTimeoutMs = integer('request-timeout-ms', values['request-timeout-ms'], 10_000);
  if (headersTimeoutMs < 1 || requestTimeoutMs < headersTimeoutMs)
    throw new Error('--request-timeout-ms must be at least --headers-timeout-ms, and both at least 1.');
  const server = await listen(service, { port, host, headersTimeoutMs, requestTimeoutMs }).catch(
    (error: unknown) => {
      throw new RuntimeError(listenFailure(error, host, port));
    },
  );
  const stop = (): void => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  // Before the line is printed: whoever reads it may stop the process at once.
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Only the URL and settings are printed: tokens stay out of logs.
  console.log(`vstore-service listening on ${server.url} (faults: ${faults}, seed: ${randomSeed})`);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof RuntimeError) console.error(`vstore-service: ${message}`);
  else console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
});
