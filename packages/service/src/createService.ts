import { accountRoutes } from './accounts';
import { type AdminHooks, handleAdmin } from './admin';
import { authenticate } from './auth';
import { collectionRoutes } from './collectionRoutes';
import { createData, type ServiceContext } from './context';
import { preflight, withCors } from './cors';
import { declaredCollection } from './declaredCollection';
import {
  methodNotAllowedError,
  notFoundError,
  rateLimitError,
  requestValidationError,
  serverError,
} from './errors';
import { eventsRoute } from './events';
import { createFaultInjector, resolveFaults } from './faults';
import { createIdempotencyStore } from './idempotency';
import { inspectService, type RequestCounts } from './inspect';
import { createCursorSigner } from './listCursor';
import { registerNodeHandler } from './nodeBridge';
import { resolveOptions, type ServiceOptions } from './options';
import { createRateLimiter } from './rateLimit';
import { checkDeclarations } from './resourceDeclaration';
import { plainRoute, queryProblems, type Routes } from './route';
import type { Service } from './service';
import { spendControlCollection } from './spendControls';
import { createTaskRunner } from './taskRunner';
import { getTask } from './tasks';
import { createTimers, ServiceClosedError } from './timers';
import { DEFAULT_SEED } from './types';
import { createWebhookHub } from './webhookHub';

/**
 * Creates a local vstore service that implements the spec (docs/spec/service-interface.md) in
 * memory: spend controls, accounts, tasks, the SSE relay, idempotency, rate limits, version conflicts,
 * and your own declared `resources`. For tests, demos and local development; `faults` injects 429s,
 * 5xx, latency and duplicated or reordered webhooks, reproducibly from `randomSeed`.
 *
 * @example
 * ```ts
 * import { createClient } from '@vstore/core';
 * import { createService } from '@vstore/service';
 *
 * const service = createService({ faults: 'flaky' });
 * const { url, close } = await service.listen(); // http://127.0.0.1:<free port>
 * const client = createClient({ baseUrl: url, getToken: () => 'dev-token' });
 * console.log((await client.spendControls.get('sc_1')).name); // 'Travel'
 * await close();
 * ```
 */
export function createService(options: ServiceOptions = {}): Service {
  const resolved = resolveOptions(options, DEFAULT_SEED);
  const declarations = checkDeclarations(options.resources === undefined ? {} : options.resources);
  const now = options.now ?? (() => Date.now());
  const timers = createTimers();
  const injector = createFaultInjector(resolveFaults(options.faults), resolved.randomSeed);
  const hub = createWebhookHub({
    schemaVersion: resolved.schemaVersion,
    bufferSize: resolved.sse.bufferSize,
    timers,
    faults: () => injector.faults,
    random: injector.webhookRandom,
  });
  const limiter = options.rateLimit === false ? undefined : createRateLimiter(options.rateLimit ?? {}, now);
  let traces = 0;
  const ctx: ServiceContext = {
    options: resolved,
    data: createData(resolved.seed, new Date(now()).toISOString()),
    timers,
    hub,
    tasks: createTaskRunner({
      now,
      timers,
      durationMs: resolved.taskDurationMs,
      outcome: resolved.taskOutcome,
      maxFinished: resolved.maxFinishedTasks,
      publish: (type, data) => hub.publish(type, data),
    }),
    idempotency: createIdempotencyStore(now, resolved.idempotency),
    cursors: createCursorSigner(resolved.cursorSecret),
    now,
    isoNow: () => new Date(now()).toISOString(),
    traceId: () => {
      traces += 1;
      return `trace_${traces.toString(16).padStart(12, '0')}`;
    },
  };
  // One router for every versioned collection: spend controls and declared resources alike.
  const collections = new Map<string, (rest: readonly string[]) => Routes | undefined>();
  const spendControls = spendControlCollection(ctx.data.spendControls);
  collections.set(spendControls.path, (rest) => collectionRoutes(spendControls, rest));
  for (const [path, declaration] of Object.entries(declarations)) {
    const versions = new Map();
    ctx.data.resources.set(declaration.type, versions);
    const collection = declaredCollection(path, declaration, versions, ctx.isoNow());
    collections.set(path, (rest) => collectionRoutes(collection, rest));
  }
  collections.set('accounts', accountRoutes(ctx.data.accountList));
  const requests: RequestCounts = { total: 0, byStatus: new Map() };
  const streams = new Set<() => void>();
  const register = (close: () => void): (() => void) => {
    streams.add(close);
    return () => streams.delete(close);
  };
  let closed = false;

  const events = eventsRoute(register);
  const routes = (segments: string[]): Routes | undefined => {
    const [resource, id] = segments;
    const collection = resource === undefined ? undefined : collections.get(resource);
    if (collection) return collection(segments.slice(1));
    if (resource === 'tasks' && id !== undefined && segments.length === 2)
      return new Map([['GET', plainRoute((c) => getTask(c, id))]]);
    if (resource === 'events' && segments.length === 1) return new Map([['GET', events]]);
    return undefined;
  };

  /** The path under `basePath`, or undefined for one outside it (`/v1x` is not under `/v1`). */
  const routePath = (pathname: string): string | undefined => {
    const { basePath } = resolved;
    if (pathname !== basePath && !pathname.startsWith(`${basePath}/`)) return undefined;
    return pathname.slice(basePath.length) || '/';
  };

  const handle = async (request: Request, url: URL): Promise<Response> => {
    const path = routePath(url.pathname);
    if (resolved.admin && path !== undefined && isAdminPath(path)) {
      // No CORS on admin answers, preflights included: a page on another origin gets nothing.
      if (request.method === 'OPTIONS') return new Response(null, { status: 204 });
      return handleAdmin(request, path, resolved, admin);
    }
    if (request.method === 'OPTIONS') return preflight(resolved.corsOrigin);

    // Looked up now and answered after the gateway, which comes before any route, unknown ones
    // (outside basePath too) included. The router drops empty segments, so `/events/` is the stream too.
    const segments = path?.split('/').filter(Boolean).map(decodeSegment);
    const methods = segments === undefined || segments.includes('') ? undefined : routes(segments);
    const isStream = request.method === 'GET' && methods?.get('GET') === events;
    const fault = injector.decide();
    if (fault.latencyMs > 0) await timers.sleep(fault.latencyMs);
    const auth = authenticate(request, resolved);
    if (!auth.ok) return auth.response;
    // EventSource gives up for good on an error status, so faults reach the stream only as
    // duplicated and reordered deliveries.
    if (fault.kind === 'rate_limit' && !isStream)
      return rateLimitError(ctx.traceId(), fault.retryAfterSeconds);
    const allowed = limiter?.take(auth.token);
    if (allowed && !allowed.ok) return rateLimitError(ctx.traceId(), allowed.retryAfterSeconds);
    if (fault.kind === 'server_error' && !fault.after && !isStream)
      return serverError(ctx.traceId(), fault.status);

    // A method no route serves is refused whatever the path; Allow names what the path serves
    // (RFC 9110 10.2.1), or every served method where no path matched.
    if (!methods) {
      return SERVED_METHODS.includes(request.method)
        ? notFound(url.pathname)
        : methodNotAllowedError(ctx.traceId(), SERVED_METHODS);
    }
    const route = methods.get(request.method);
    if (!route) return methodNotAllowedError(ctx.traceId(), [...methods.keys()]);
    ctx.tasks.refreshAll();
    // A parameter the operation does not take, or one sent twice, is a 400 like any malformed
    // request: ignored, `?version=1` on a PATCH would write a new version while the caller meant an old one.
    const problems = queryProblems(url, route.params);
    if (problems.length > 0 && !route.readsMore) return requestValidationError(ctx.traceId(), problems);
    const response = await route.run(ctx, { request, url, token: auth.token, problems });
    // The operation ran and committed, but the client never learns it: the case idempotency exists for.
    if (fault.kind === 'server_error' && fault.after && !isStream) {
      await response.body?.cancel();
      return serverError(ctx.traceId(), fault.status);
    }
    return response;
  };

  const badTarget = (): Response =>
    requestValidationError(ctx.traceId(), [
      {
        location: 'path',
        code: 'invalid_format',
        message: 'The request target is not a path this service can read.',
      },
    ]);

  const notFound = (path: string): Response =>
    notFoundError(ctx.traceId(), 'RouteNotFound', `No route ${path}; see the service README for paths.`);

  // Every answer is counted and, outside /__admin, carries CORS; the Node server's own failures included.
  const answer = (response: Response, cors = true): Response => {
    requests.total += 1;
    requests.byStatus.set(response.status, (requests.byStatus.get(response.status) ?? 0) + 1);
    return cors ? withCors(response, resolved.corsOrigin) : response;
  };

  const respond = async (request: Request): Promise<Response> => {
    let cors = true;
    try {
      if (closed) return answer(serverError(ctx.traceId(), 503, 'The service is closed.'));
      const url = new URL(request.url);
      const path = routePath(url.pathname);
      cors = !(resolved.admin && path !== undefined && isAdminPath(path));
      return answer(await handle(request, url), cors);
    } catch (error) {
      const closing = error instanceof ServiceClosedError;
      return answer(
        serverError(ctx.traceId(), closing ? 503 : 500, closing ? error.message : undefined),
        cors,
      );
    }
  };

  const service: Service = {
    fetch: respond,
    async listen(listenOptions) {
      const { listen } = await loadNodeEntry();
      return listen(service, listenOptions);
    },
    async close() {
      if (closed) return;
      closed = true;
      timers.dispose();
      for (const close of [...streams]) close();
      hub.close();
    },
    inspect: () => inspectService(ctx, injector.faults.name, requests),
    setFaults(faults) {
      injector.set(resolveFaults(faults));
    },
  };
  registerNodeHandler(service, {
    fetch: respond,
    close: service.close,
    refuse: (kind) =>
      answer(
        kind === 'method'
          ? methodNotAllowedError(ctx.traceId(), SERVED_METHODS)
          : kind === 'target'
            ? badTarget()
            : requestValidationError(ctx.traceId(), [
                {
                  location: 'header',
                  code: 'malformed_request',
                  message: 'The request is not valid HTTP/1.1 (its request line or a header).',
                },
              ]),
      ),
    maxBodyBytes: resolved.maxBodyBytes,
  });
  const admin: AdminHooks = {
    inspect: (token) => inspectService(ctx, injector.faults.name, requests, token),
    setFaults: service.setFaults,
    traceId: ctx.traceId,
  };
  return service;
}

type NodeEntry = typeof import('./node');

/**
 * The Node server (`@vstore/service/node`), loaded on the first `listen()` through a specifier no
 * bundler follows: a browser or worker bundle of the fetch handler never sees node:http. From
 * source (tests, tsx) the sibling file; from the build, the package's own `./node` export.
 */
function loadNodeEntry(): Promise<NodeEntry> {
  // Joined at run time: a bundler folds a literal (or a choice of two) and would bundle it anyway.
  // The pathname: a loader such as tsx's tsImport adds a query to the URL.
  const fromSource = new URL(import.meta.url).pathname.endsWith('.ts');
  const parts = fromSource ? ['.', 'node.ts'] : ['@vstore/service', 'node'];
  return import(/* @vite-ignore */ parts.join('/')) as Promise<NodeEntry>;
}

/** Every method some route serves; anything else is a 405 on any path. */
const SERVED_METHODS: readonly string[] = ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'];

const isAdminPath = (path: string): boolean => path === '/__admin' || path.startsWith('/__admin/');

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // An undecodable segment names no resource; the empty string makes the router answer 404.
    return '';
  }
}
