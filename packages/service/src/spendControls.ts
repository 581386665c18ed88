import { latestSpendControl, nextSpendControlId, type ServiceContext } from './context';
import {
  businessRuleBody,
  businessRuleError,
  concurrentUpdateError,
  idempotencyInProgressError,
  notFoundError,
  requestValidationError,
} from './errors';
import { canonicalJson, json } from './json';
import { createRules, patchRules } from './rules';
import type { SpendControl } from './types';
import {
  checkIdempotencyKey,
  parseVersionQuery,
  readJsonObject,
  validateCreate,
  validatePatch,
} from './validation';

const missing = (ctx: ServiceContext, id: string): Response =>
  notFoundError(ctx.traceId(), 'ResourceNotFound', `Spend control ${id} does not exist.`);

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

/** GET /spend_controls/{id}?version=n — omitted or 0 is the latest, n >= 1 that historical version. */
export function getSpendControl(ctx: ServiceContext, url: URL, id: string): Response {
  const version = parseVersionQuery(url);
  if (!version.ok) return requestValidationError(ctx.traceId(), version.errors);
  const versions = ctx.data.spendControls.get(id);
  if (!versions) return missing(ctx, id);
  if (version.value === 0) return json(versions.at(-1));
  const found = versions[version.value - 1];
  if (!found) {
    return notFoundError(
      ctx.traceId(),
      'VersionNotFound',
      `Spend control ${id} has no version ${version.value}; its latest is ${versions.length}.`,
    );
  }
  return json(found);
}

/** GET /spend_controls/{id}/history — every version, oldest first. */
export function getSpendControlHistory(ctx: ServiceContext, id: string): Response {
  const versions = ctx.data.spendControls.get(id);
  if (!versions) return missing(ctx, id);
  return json({ data: versions });
}

/** POST /spend_controls — 201 with version 1; an Idempotency-Key makes retries return the original result. */
export async function createSpendControl(
  ctx: ServiceContext,
  request: Request,
  token: string,
): Promise<Response> {
  const key = request.headers.get('idempotency-key');
  const read = await readJsonObject(request, ctx.options.maxBodyBytes);
  const checked = read.ok ? validateCreate(read.value) : read;
  const errors = [...checkIdempotencyKey(key), ...(checked.ok ? [] : checked.errors)];
  if (errors.length > 0 || !checked.ok || !read.ok) return requestValidationError(ctx.traceId(), errors);

  if (key !== null) {
    const admission = ctx.idempotency.admit(token, key, canonicalJson(read.value));
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
    const result = await commitCreate(ctx, checked.value, token, key);
    if (key !== null) ctx.idempotency.complete(token, key, result);
    return json(result.body, result.status);
  } catch (error) {
    if (key !== null) ctx.idempotency.release(token, key);
    throw error;
  }
}

async function commitCreate(
  ctx: ServiceContext,
  input: Parameters<typeof createRules>[0],
  token: string,
  key: string | null,
): Promise<{ status: number; body: unknown }> {
  const account = ctx.data.accounts.get(input.account_id);
  const failures = createRules(input, account, ctx.options);
  // A business-rule answer is the operation's result, so a keyed retry replays it too.
  if (failures.length > 0) return { status: 422, body: businessRuleBody(ctx.traceId(), failures) };
  // The delay is what makes "still being processed" observable to a second request with the key.
  await writeWindow(ctx);
  const created: SpendControl = {
    spend_control_id: nextSpendControlId(ctx.data),
    version: 1,
    version_time: ctx.isoNow(),
    name: input.name,
    status: input.status,
    limit: input.limit,
    interval: input.interval,
    account_id: input.account_id,
  };
  ctx.data.spendControls.set(created.spend_control_id, [created]);
  ctx.data.creates += 1;
  if (key !== null) ctx.idempotency.countCreate(token, key);
  ctx.hub.publish('spend_control.created', created);
  return { status: 201, body: created };
}

/**
 * PATCH /spend_controls/{id} — reads the latest version, waits `writeDelayMs`, then commits
 * version n+1 only if nobody committed in between; otherwise 409 with the versions involved.
 */
export async function patchSpendControl(
  ctx: ServiceContext,
  request: Request,
  id: string,
): Promise<Response> {
  if (!ctx.data.spendControls.has(id)) return missing(ctx, id);
  const read = await readJsonObject(request, ctx.options.maxBodyBytes);
  const checked = read.ok ? validatePatch(read.value) : read;
  if (!checked.ok) return requestValidationError(ctx.traceId(), checked.errors);

  const current = latestSpendControl(ctx.data, id);
  if (!current) return missing(ctx, id);
  const failures = patchRules(checked.value, current, ctx.data.accounts.get(current.account_id), ctx.options);
  if (failures.length > 0) return businessRuleError(ctx.traceId(), failures);

  await writeWindow(ctx);
  const found = latestSpendControl(ctx.data, id);
  if (!found) return missing(ctx, id);
  if (found.version !== current.version) {
    return concurrentUpdateError(ctx.traceId(), {
      object_type: 'spend_control',
      object_id: id,
      expected_version: current.version,
      found_version: found.version,
    });
  }
  const next: SpendControl = {
    ...found,
    ...checked.value,
    version: found.version + 1,
    version_time: ctx.isoNow(),
  };
  ctx.data.spendControls.get(id)?.push(next);
  ctx.hub.publish('spend_control.updated', next);
  return json(next);
}
