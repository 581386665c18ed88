import type { ServiceContext } from './context';
import {
  businessRuleBody,
  businessRuleError,
  type FieldError,
  idempotencyInProgressError,
  requestValidationError,
} from './errors';
import { canonicalJson, json } from './json';
import type { Versioned } from './types';
import { checkIdempotencyKey, readJsonObject } from './validation';
import { recordVersion, type VersionedCollection, writeWindow } from './versionedCollection';

/** SHA-256 of the request's path and canonical body: what a replay is compared by, kept small. */
async function fingerprint(path: string, body: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(`${path}\n${canonicalJson(body)}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * POST /{path} — 201 with version 1; an Idempotency-Key makes retries return the original result.
 * `problems` (query parameters, which a create takes none of) join the body's in one 400.
 */
export async function createResource<C, P, T extends Versioned>(
  ctx: ServiceContext,
  collection: VersionedCollection<C, P, T>,
  request: Request,
  token: string,
  problems: readonly FieldError[],
): Promise<Response> {
  const key = request.headers.get('idempotency-key');
  const read = await readJsonObject(request, ctx.options.maxBodyBytes);
  const checked = read.ok ? collection.checkCreate(read.value) : read;
  const errors = [...problems, ...checkIdempotencyKey(key), ...(checked.ok ? [] : checked.errors)];
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
  // A business-rule answer is the operation's result, so a keyed retry replays it too.
  const refused = () => {
    const failures = collection.createRules(ctx, input);
    return failures.length > 0 ? { status: 422, body: businessRuleBody(ctx.traceId(), failures) } : undefined;
  };
  const early = refused();
  if (early) return early;
  // The delay is what makes "still being processed" observable to a second request with the key.
  await writeWindow(ctx);
  // The account may have started closing inside the window: the rules hold at commit, not at read.
  const late = refused();
  if (late) return late;
  // The id is given at commit, so creation order (the lists' order) is the order ids were given.
  const id = collection.newId();
  const created = collection.build(input, id, ctx.isoNow());
  recordVersion(collection, id, created);
  ctx.data.creates += 1;
  if (key !== null) ctx.idempotency.countCreate(token, key);
  // Lists on the client add a created entity that matches them from this event.
  ctx.hub.publish(`${collection.type}.created`, created);
  return { status: 201, body: created };
}
