import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { NodeHandler } from './nodeBridge';

/** Where `listen` serves: port and interface. */
export interface ListenOptions {
  /** Port to listen on; 0 picks a free one. @default 0 */
  port?: number;
  /** Interface to bind; keep it on loopback unless you mean to share the service. @default '127.0.0.1' */
  host?: string;
}

/** A service served over HTTP: its URL, and `close` to stop it. */
export interface ListeningService {
  /** Base URL, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** Stops the server and closes the service (timers, SSE streams). */
  close(): Promise<void>;
}

/** Longest wait for open connections to finish after close before they are cut. */
const CLOSE_GRACE_MS = 1000;
/** Methods the fetch API refuses to put in a Request (CONNECT never reaches a request handler). */
const FORBIDDEN_METHODS = new Set(['TRACE', 'TRACK']);

/**
 * Reads at most `limit` bytes, counting as they arrive: a body without Content-Length is never
 * held whole. `cut` is true when more was sent; the caller then closes the connection.
 */
async function readBody(req: IncomingMessage, limit: number): Promise<{ body: Buffer; cut: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    const room = limit - size;
    if (chunk.length > room) {
      chunks.push(chunk.subarray(0, room));
      return { body: Buffer.concat(chunks), cut: true };
    }
    size += chunk.length;
    chunks.push(chunk);
  }
  return { body: Buffer.concat(chunks), cut: false };
}

/** The URL of a request: an origin-form target (`/…`) is always a path here, `//[` included. */
function targetUrl(target: string, base: string): URL | undefined {
  try {
    return target.startsWith('/') ? new URL(`${base}${target}`) : new URL(target, base);
  } catch {
    return undefined;
  }
}

type Converted = { request: Request; cut: boolean } | { refused: 'method' | 'target' };

async function toRequest(
  req: IncomingMessage,
  base: string,
  signal: AbortSignal,
  limit: number,
): Promise<Converted> {
  const method = req.method ?? 'GET';
  if (FORBIDDEN_METHODS.has(method.toUpperCase())) return { refused: 'method' };
  const url = targetUrl(req.url ?? '/', base);
  if (!url) return { refused: 'target' };
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // One byte past the limit is enough for the service to refuse the body as too large.
  const read = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req, limit + 1);
  const request = new Request(url, {
    method,
    headers,
    signal,
    ...(read === undefined ? {} : { body: new Uint8Array(read.body) }),
  });
  return { request, cut: read?.cut ?? false };
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

export async function listenNode(
  service: NodeHandler,
  options: ListenOptions = {},
): Promise<ListeningService> {
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
    const send = async (): Promise<void> => {
      const converted = await toRequest(req, base, abort.signal, service.maxBodyBytes);
      if ('refused' in converted) return writeResponse(service.refuse(converted.refused), res);
      if (converted.cut) {
        // The rest of the body is never read: the answer ends the connection instead.
        res.shouldKeepAlive = false;
        res.once('finish', () => req.destroy());
      }
      return writeResponse(await service.fetch(converted.request), res);
    };
    send().catch(() => {
      // A client gone mid-body, or a request the fetch API still refuses: the standard error while
      // headers can still be sent, else the answer is cut.
      if (res.headersSent) res.destroy();
      else writeResponse(service.refuse('target'), res).catch(() => res.destroy());
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
