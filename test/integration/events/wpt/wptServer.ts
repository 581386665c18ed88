import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// The web-platform-tests `eventsource/resources/*.py` handlers that the format-* and
// request-status-error cases load, served the way wptserve serves them: query values are
// percent-decoded to bytes ('+' is a space), and what a handler returns goes out byte for byte.

/** A running server; `url(path)` is an absolute URL on it. */
export interface WptServer {
  url(path: string): string;
  close(): Promise<void>;
}

/** Percent-decodes a query into bytes, as wptserve's `request.GET` does. */
function queryOf(search: string): Map<string, Buffer> {
  const values = new Map<string, Buffer>();
  const bytes = (text: string) => {
    const out: number[] = [];
    for (let i = 0; i < text.length; i++) {
      const hex = text.slice(i + 1, i + 3);
      if (text[i] === '%' && /^[0-9a-fA-F]{2}$/.test(hex)) {
        out.push(Number.parseInt(hex, 16));
        i += 2;
      } else if (text[i] === '+') out.push(0x20);
      else out.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
    return Buffer.from(out);
  };
  for (const pair of search.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = bytes(eq === -1 ? pair : pair.slice(0, eq)).toString('latin1');
    // The first value wins, as `request.GET.first` takes it.
    if (!values.has(name)) values.set(name, bytes(eq === -1 ? '' : pair.slice(eq + 1)));
  }
  return values;
}

/** A request header's raw bytes (Node gives header values as Latin-1 strings, one char per byte). */
function headerBytes(request: IncomingMessage, name: string): Buffer | undefined {
  const raw = request.rawHeaders;
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i]?.toLowerCase() === name) return Buffer.from(raw[i + 1] ?? '', 'latin1');
  return undefined;
}

const EVENT_STREAM = 'text/event-stream';
const text = (s: string) => Buffer.from(s, 'utf8');

/** resources/message.py: `message` + a blank line (unless `newline=none`) + LF, as `mime`. */
function message(query: Map<string, Buffer>, response: ServerResponse) {
  const newline = query.get('newline')?.toString('latin1') === 'none' ? '' : '\n\n';
  const body = Buffer.concat([query.get('message') ?? text('data: data'), text(`${newline}\n`)]);
  // `mime` goes out as the bytes given; a header value in Node is a Latin-1 string.
  const mime = query.get('mime')?.toString('latin1') ?? EVENT_STREAM;
  response.writeHead(200, { 'Content-Type': mime }).end(body);
}

/** resources/last-event-id.py: echoes a Last-Event-ID header byte for byte, else sends an id (… by default). */
function lastEventId(request: IncomingMessage, query: Map<string, Buffer>, response: ServerResponse) {
  const sent = headerBytes(request, 'last-event-id');
  const body =
    sent && sent.length > 0
      ? Buffer.concat([text('data: '), sent, text('\n\n')])
      : Buffer.concat([
          text('id: '),
          query.get('idvalue') ?? text('\u2026'),
          text('\nretry: 200\ndata: hello\n\n'),
        ]);
  response.writeHead(200, { 'Content-Type': EVENT_STREAM }).end(body);
}

/** resources/last-event-id2.py: an id that persists (type 1) or is reset by `id:` (2) or `id` (3). */
function lastEventId2(query: Map<string, Buffer>, response: ServerResponse) {
  const bodies: Record<string, string> = {
    '1': 'id: 1\ndata: 1\n\ndata: 2\n\nid: 2\ndata:3\n\ndata:4\n\n',
    '2': 'id: 1\ndata: 1\n\nid:\ndata:2\n\ndata:3\n\n',
    '3': 'id: 1\ndata: 1\n\nid\ndata:2\n\ndata:3\n\n',
  };
  const type = query.get('type')?.toString('latin1') ?? '1';
  response.writeHead(200, { 'Content-Type': EVENT_STREAM }).end(bodies[type] ?? 'data: invalid_test\n\n');
}

/** resources/status-error.py: `status` (404 by default) with an event stream, empty for 204 and 205. */
function statusError(query: Map<string, Buffer>, response: ServerResponse) {
  const status = query.get('status')?.toString('latin1') ?? '404';
  const body = status === '204' || status === '205' ? '' : 'data: data\n\n';
  response.writeHead(Number(status), 'HAHAHAHA', { 'Content-Type': EVENT_STREAM }).end(body);
}

/** Starts the handlers on 127.0.0.1 at a free port: `/message`, `/last-event-id`, `/last-event-id2`, `/status-error`. */
export async function startWptServer(): Promise<WptServer> {
  const server = createServer((request, response) => {
    const target = request.url ?? '';
    const at = target.indexOf('?');
    const path = at === -1 ? target : target.slice(0, at);
    const query = queryOf(at === -1 ? '' : target.slice(at + 1));
    if (path === '/message') message(query, response);
    else if (path === '/last-event-id') lastEventId(request, query, response);
    else if (path === '/last-event-id2') lastEventId2(query, response);
    else if (path === '/status-error') statusError(query, response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
