import type { ServiceContext } from './context';
import {
  businessRuleBody,
  businessRuleError,
  concurrentUpdateError,
  idempotencyInProgressError,
  notFoundError,
  type RuleFailure,
  requestValidationError,
} from './errors';
import { canonicalJson, json } from './json';
import { type Checked, checkIdempotencyKey, parseVersionQuery, readJsonObject } from './validation';

/** What every versioned resource carries. */
export interface Versioned {
  version: number;
  version_time: string;
}

/**
 * `newId` for a collection: `${prefix}1`, `${prefix}2`, … skipping ids already held (seeded ones),
 * so none is ever reused.
 */
export function sequentialIds(prefix: string, held: ReadonlyMap<string, unknown>): () => string {
  let next = 1;
  return () => {
    let id: string;
    do {
      id = `${prefix}${next}`;
      next += 1;
    } while (held.has(id));
    return id;
  };
}

/** `apply` for a collection whose patch fields replace the latest version's. */
export const applyPatch = <T extends Versioned, P>(
  current: T,
  patch: P,
  version: number,
  time: string,
): T => ({
  ...current,
  ...patch,
  version,
  version_time: time,
});

/**
 * A collection of versioned resources: how its bodies are checked and its versions built. The
 * router below serves spend controls and declared resources alike from one of these.
 * `C` is a checked create body, `P` a checked patch.
 */
export interface VersionedCollection<C, P, T extends Versioned> {
  /** Store type: `object_type` of a 409 and the prefix of `<type>.created` / `<type>.updated` events. */
  readonly type: string;
  /** First path segment, e.g. `spend_controls`. */
  readonly path: string;
  /** Name in messages, e.g. `Spend control`. */
  readonly label: string;
  /** Serves `/{path}/{id}/history`. */
  readonly history: boolean;
  /** Every version of every resource, oldest first; the last is the latest. */
  readonly versions: Map<string, T[]>;
  /** The next free id; seeded ids are never reused. */
  newId(): string;
  checkCreate(input: Record<string, unknown>): Checked<C>;
  checkPatch(input: Record<string, unknown>): Checked<P>;
  /** Business rules (422), every failing one in a fixed order. */
  createRules(ctx: ServiceContext, input: C): RuleFailure[];
  patchRules(ctx: ServiceContext, patch: P, current: T): RuleFailure[];
  /** Version 1 of a new resource. */
  build(input: C, id: string, time: string): T;
  /** Version n+1 from the latest version and a checked patch. */
  apply(current: T, patch: P, version: number, time: string): T;
}

export type Route = (
  ctx: ServiceContext,
  request: Request,
  url: URL,
  token: string,
) => Response | Promise<Response>;

/** The routes of a collection for the path segments after its own, or undefined for none. */
export function collectionRoutes<C, P, T extends Versioned>(
  collection: VersionedCollection<C, P, T>,
  rest: readonly string[],
): Map<string, Route> | undefined {
  const [id, sub] = rest;
  if (id === undefined) {
    return new Map([
      ['POST', (ctx, request, _url, token) => createResource(ctx, collection, request, token)],
    ]);
  }
  if (rest.length === 1) {
    return new Map<string, Route>([
      ['GET', (ctx, _request, url) => getResource(ctx, collection, url, id)],
      ['PATCH', (ctx, request) => patchResource(ctx, collection, request, id)],
    ]);
  }
  if (rest.length === 2 && sub === 'history' && collection.history) {
    return new Map([['GET', (ctx) => getHistory(ctx, collection, id)]]);
  }
  return undefined;
}

const missing = (ctx: ServiceContext, label: string, id: string): Response =>
  notFoundError(ctx.traceId(), 'ResourceNotFound', `${label} ${id} does not exist.`);

/** The time between a write's read and its commit; counted so tests can see a write inside it. */
async function writeWindow(ctx: ServiceContext): Promise<void> {
  if (ctx.options.writeDelayMs <= 0) return;
  ctx.data.pendingWrites += 1;
  try {
    await ctx.timers.sleep(ctx.options.writeDelayMs);
  } finally {
    ctx.data.pendingWrites -= 1;
  }
}

/** GET /{path}/{id}?version=n — omitted or 0 is the latest, n >= 1 that historical version. */
function getResource<C, P, T extends Versioned>(
  ctx: ServiceContext,
  collection: VersionedCollection<C, P, T>,
  url: URL,
  id: string,
): Response {
  const version = parseVersionQuery(url);
  if (!version.ok) return requestValidationError(ctx.traceId(), version.errors);
  const versions = collection.versions.get(id);
  if (!versions) return missing(ctx, collection.label, id);
  if (version.value === 0) return json(versions.at(-1));
  const found = versions[version.value - 1];
  if (!found) {
    return notFoundError(
      ctx.traceId(),
      'VersionNotFound',
      `${collection.label} ${id} has no version ${version.value}; its latest is ${versions.length}.`,
    );
  }
  return json(found);
}

/** GET /{path}/{id}/history — every version, oldest first. */
function getHistory<C, P, T extends Versioned>(
  ctx: ServiceContext,
  collection: VersionedCollection<C, P, T>,
  id: string,
): Response {
  const versions = collection.versions.get(id);
  return versions ? json({ data: versions }) : missing(ctx, collection.label, id);
}

/** SHA-256 of the request's path and canonical body: what a replay is compared by, kept small. */
async function fingerprint(path: string, body: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(`${path}\n${canonicalJson(body)}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** POST /{path} — 201 with version 1; an Idempotency-Key makes retries return the original result. */
async function createResource<C, P, T extends Versioned>(
  ctx: ServiceContext,
  collection: VersionedCollection<C, P, T>,
  request: Request,
  token: string,
): Promise<Response> {
  const key = request.headers.get('idempotency-key');
  const read = await readJsonObject(request, ctx.options.maxBodyBytes);
  const checked = read.ok ? collection.checkCreate(read.value) : read;
  const errors = [...checkIdempotencyKey(key), ...(checked.ok ? [] : checked.errors)];
  if (errors.length > 0 || !checked.ok || !read.ok) return requestValidationError(ctx.traceId(), errors);

  if (key !== null) {
    const admission = ctx.idempotency.admit(token, key, await fingerprint(collection.path, read.value));
    if (admission.kind === 'in_flight') return idempotencyInProgressError(ctx.traceId());
    if (admission.kind === 'different_body') {
      return businessRuleError(ctx.traceId(), [
        {
          type: 'IdempotencyKeyReused',
          message: 'This Idempotency-Key was used with a different body; use a new key for a new request.',
        },
      ]);
    }
    if (admission.kind === 'replay') {
      return json(admission.result.body, admission.result.status, { 'idempotent-replayed': 'true' });
    }
  }

  try {
    const result = await commitCreate(ctx, collection, checked.value, token, key);
    if (key !== null) ctx.idempotency.complete(token, key, result);
    return json(result.body, result.status);
  } catch (error) {
    if (key !== null) ctx.idempotency.release(token, key);
    throw error;
  }
}

async function commitCreate<C, P, T extends Versioned>(
  ctx: ServiceContext,
  collection: VersionedCollection<C, P, T>,
  input: C,
  token: string,
  key: string | null,
): Promise<{ status: number; body: unknown }> {
  const failures = collection.createRules(ctx, input);
  // A business-rule answer is the operation's result, so a keyed retry replays it too.
  if (failures.length > 0) return { status: 422, body: businessRuleBody(ctx.traceId(), failures) };
  // The delay is what makes "still being processed" observable to a second request with the key.
  await writeWindow(ctx);
  const id = collection.newId();
  const created = collection.build(input, id, ctx.isoNow());
  collection.versions.set(id, [created]);
  ctx.data.creates += 1;
  if (key !== null) ctx.idempotency.countCreate(token, key);
  ctx.hub.publish(`${collection.type}.created`, created);
  return { status: 201, body: created };
}

/**
 * PATCH /{path}/{id} — reads the latest version, waits `writeDelayMs`, then commits version n+1
 * only if nobody committed in between; otherwise 409 with the versions involved.
 */
async function patchResource<C, P, T extends Versioned>(
  ctx: ServiceContext,
  collection: VersionedCollection<C, P, T>,
  request: Request,
  id: string,
): Promise<Response> {
  const latest = () => collection.versions.get(id)?.at(-1);
  if (!latest()) return missing(ctx, collection.label, id);
  const read = await readJsonObject(request, ctx.options.maxBodyBytes);
  const checked = read.ok ? collection.checkPatch(read.value) : read;
  if (!checked.ok) return requestValidationError(ctx.traceId(), checked.errors);

  const current = latest();
  if (!current) return missing(ctx, collection.label, id);
  const failures = collection.patchRules(ctx, checked.value, current);
  if (failures.length > 0) return businessRuleError(ctx.traceId(), failures);

  await writeWindow(ctx);
  const found = latest();
  if (!found) return missing(ctx, collection.label, id);
  if (found.version !== current.version) {
    return concurrentUpdateError(ctx.traceId(), {
      object_type: collection.type,
      object_id: id,
      expected_version: current.version,
      found_version: found.version,
    });
  }
  const next = collection.apply(found, checked.value, found.version + 1, ctx.isoNow());
  collection.versions.get(id)?.push(next);
  ctx.hub.publish(`${collection.type}.updated`, next);
  return json(next);
}
