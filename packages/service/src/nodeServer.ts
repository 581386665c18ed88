import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ListenOptions {
  /** Port to listen on; 0 picks a free one. @default 0 */
  port?: number;
  /** Interface to bind; keep it on loopback unless you mean to share the service. @default '127.0.0.1' */
  host?: string;
}

export interface ListeningService {
  /** Base URL, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** Stops the server and closes the service (timers, SSE streams). */
  close(): Promise<void>;
}

interface Handler {
  fetch(request: Request): Promise<Response>;
  close(): Promise<void>;
  /** The standard JSON 500 (type, trace_id) for a request that could not be served at all. */
  failure(): Response;
}

/** Bodies past this size are cut; the service's own limit (maxBodyBytes) then answers 400. */
const HARD_BODY_LIMIT = 1024 * 1024;
/** Longest wait for open connections to finish after close before they are cut. */
const CLOSE_GRACE_MS = 1000;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > HARD_BODY_LIMIT) break;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function toRequest(req: IncomingMessage, base: string, signal: AbortSignal): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req);
  return new Request(new URL(req.url ?? '/', base), {
    method,
    headers,
    signal,
    ...(body === undefined ? {} : { body: new Uint8Array(body) }),
  });
}

async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  // An event stream lives until one side ends it; closing its socket then lets server.close() finish.
  if (headers['content-type']?.startsWith('text/event-stream')) headers.connection = 'close';
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  // A client that hangs up cancels the body, which unsubscribes an SSE stream.
  res.once('close', () => {
    reader.cancel().catch(() => {});
  });
  for (;;) {
    const { done, value } = await reader.read();
    if (done || res.destroyed) break;
    if (!res.write(value)) {
      await new Promise<void>((resolve) => {
        const go = (): void => {
          res.off('drain', go);
          res.off('close', go);
          resolve();
        };
        res.on('drain', go);
        res.on('close', go);
      });
    }
  }
  res.end();
}

export async function listenNode(service: Handler, options: ListenOptions = {}): Promise<ListeningService> {
  const host = options.host ?? '127.0.0.1';
  // Requests in flight per socket: on close, idle sockets (keep-alive, or opened ahead by a
  // client pool and never used) are destroyed at once, busy ones as soon as their answer ends.
  const sockets = new Map<Socket, number>();
  let closing: Promise<void> | undefined;
  const server = createServer((req, res) => {
    const socket = req.socket;
    sockets.set(socket, (sockets.get(socket) ?? 0) + 1);
    const abort = new AbortController();
    res.once('close', () => {
      abort.abort();
      const left = (sockets.get(socket) ?? 1) - 1;
      sockets.set(socket, left);
      if (closing && left === 0) socket.destroy();
    });
    toRequest(req, base, abort.signal)
      .then((request) => service.fetch(request))
      .then((response) => writeResponse(response, res))
      .catch(() => {
        // The request could not be read or answered (a method the fetch API refuses, a client gone
        // mid-body): the standard error while headers can still be sent, else the answer is cut.
        if (res.headersSent) res.destroy();
        else writeResponse(service.failure(), res).catch(() => res.destroy());
      });
  });
  server.on('connection', (socket) => {
    sockets.set(socket, 0);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const base = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url: base,
    close() {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        await service.close();
        for (const [socket, busy] of sockets) if (busy === 0) socket.destroy();
        const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
        await closed;
        clearTimeout(force);
      })();
      return closing;
    },
  };
}
