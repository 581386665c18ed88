import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { NodeHandler } from './nodeBridge';

/** Where `listen` serves: port and interface. */
export interface ListenOptions {
  /** Port to listen on; 0 picks a free one. @default 0 */
  port?: number;
  /** Interface to bind; keep it on loopback unless you mean to share the service. @default '127.0.0.1' */
  host?: string;
  /**
   * Longest time a client may take to send a request's headers, from its first byte (or from the
   * connection); past it the server answers 408 and closes the socket. Node's own default is 60 s,
   * which lets a few hundred sockets that trickle headers hold a server; a local client sends them
   * at once. @default 5000
   */
  headersTimeoutMs?: number;
  /**
   * Longest time a client may take to send a whole request, body included (bodies are at most
   * `maxBodyBytes`); past it the server answers 408 and closes the socket. Answers, event streams
   * included, are not limited by it. Node's own default is 300 s. At least `headersTimeoutMs`.
   * @default 10000
   */
  requestTimeoutMs?: number;
}

/** A service served over HTTP: its URL, and `close` to stop it. */
export interface ListeningService {
  /** Base URL, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** Stops the server and closes the service (timers, SSE streams). */
  close(): Promise<void>;
}

/** Slow-client limits of a local service (see ListenOptions). */
const HEADERS_TIMEOUT_MS = 5000;
const REQUEST_TIMEOUT_MS = 10_000;

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

/**
 * Writes `answer` on a socket no ServerResponse owns (one Node's parser gave up on, or a
 * CONNECT's), then closes it.
 */
function writeRaw(answer: Response, socket: Duplex): void {
  answer.text().then(
    (text) => {
      let head = `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n`;
      answer.headers.forEach((value, name) => {
        if (name !== 'content-length' && name !== 'connection') head += `${name}: ${value}\r\n`;
      });
      socket.end(`${head}content-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
    },
    () => socket.destroy(),
  );
}

function positive(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new RangeError(`${name} must be a whole number of ms >= 1.`);
  return value;
}

/**
 * Node's timeouts for slow clients, and how often Node checks them: by default only every 30 s,
 * which would let a socket outlive a short limit by that much.
 */
function slowClientLimits(options: ListenOptions): {
  headersTimeout: number;
  requestTimeout: number;
  connectionsCheckingInterval: number;
} {
  const headersTimeout = positive('headersTimeoutMs', options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS);
  const requestTimeout = positive('requestTimeoutMs', options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS);
  if (requestTimeout < headersTimeout)
    throw new RangeError(
      'requestTimeoutMs must be at least headersTimeoutMs: the headers are part of the request.',
    );
  const connectionsCheckingInterval = Math.min(1000, Math.max(10, Math.floor(headersTimeout / 4)));
  return { headersTimeout, requestTimeout, connectionsCheckingInterval };
}

export async function listenNode(
  service: NodeHandler,
  options: ListenOptions = {},
): Promise<ListeningService> {
  const host = options.host ?? '127.0.0.1';
  const limits = slowClientLimits(options);
  // Requests in flight per socket: on close, idle sockets (keep-alive, or opened ahead by a
  // client pool and never used) are destroyed at once, busy ones as soon as their answer ends.
  const sockets = new Map<Socket, number>();
  let closing: Promise<void> | undefined;
  const server = createServer(limits, (req, res) => {
    const socket = req.socket;
    // Counted only while the socket is in the books: 'connection' put it there first, so one missing
    // has closed already, and counting it would keep it for the server's life.
    const busy = sockets.get(socket);
    if (busy !== undefined) sockets.set(socket, busy + 1);
    const abort = new AbortController();
    res.once('close', () => {
      abort.abort();
      // A socket that closed mid-answer has left the books already (its own 'close' ran first).
      if (!sockets.has(socket)) return;
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
  // A request Node cannot parse never reaches the handler, and Node's own answer is a bare status
  // line: the spec's 400 has a body (RequestValidationError with errors). A timeout (408) and headers
  // past Node's limit (431) keep Node's status, with a message.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // As Node's own handler: no answer on a socket whose answer has begun (an event stream).
    const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (!socket.writable || error.code === 'ECONNRESET' || answering?.headersSent) {
      socket.destroy();
      return;
    }
    // A method Node's parser does not know (BREW) is one the service does not serve: 405, as for any.
    const status =
      error.code === 'HPE_INVALID_METHOD'
        ? 405
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 408
          : error.code === 'HPE_HEADER_OVERFLOW'
            ? 431
            : 400;
    const answer =
      status === 400 || status === 405
        ? service.refuse(status === 405 ? 'method' : 'malformed')
        : new Response(JSON.stringify({ message: STATUS_CODES[status] }), {
            status,
            headers: { 'content-type': 'application/json; charset=utf-8' },
          });
    writeRaw(answer, socket);
  });
  // CONNECT is handed to 'connect' listeners, never to the request handler, and with none Node drops
  // the socket without a word: answered as every other method no route serves.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => writeRaw(service.refuse('method'), socket));
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
