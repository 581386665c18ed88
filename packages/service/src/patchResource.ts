import type { ServiceContext } from './context';
import { businessRuleError, concurrentUpdateError, type FieldError, requestValidationError } from './errors';
import { json } from './json';
import type { Versioned } from './types';
import { readJsonObject } from './validation';
import { missingResource, recordVersion, type VersionedCollection, writeWindow } from './versionedCollection';

/**
 * PATCH /{path}/{id} — reads the latest version, waits `writeDelayMs`, then commits version n+1
 * only if nobody committed in between (otherwise 409 with the versions involved) and the business
 * rules still hold (otherwise 422). `problems` (query parameters: a PATCH takes none, so
 * `?version=1` is refused rather than ignored) join the body's.
 */
export async function patchResource<C, P, T extends Versioned>(
  ctx: ServiceContext,
  collection: VersionedCollection<C, P, T>,
  request: Request,
  id: string,
  problems: readonly FieldError[],
): Promise<Response> {
  const latest = () => collection.versions.get(id)?.at(-1);
  if (!latest()) return missingResource(ctx, collection.label, id);
  const read = await readJsonObject(request, ctx.options.maxBodyBytes);
  const checked = read.ok ? collection.checkPatch(read.value) : read;
  const errors = [...problems, ...(checked.ok ? [] : checked.errors)];
  if (errors.length > 0 || !checked.ok) return requestValidationError(ctx.traceId(), errors);

  const current = latest();
  if (!current) return missingResource(ctx, collection.label, id);
  const failures = collection.patchRules(ctx, checked.value, current);
  if (failures.length > 0) return businessRuleError(ctx.traceId(), failures);

  await writeWindow(ctx);
  const found = latest();
  if (!found) return missingResource(ctx, collection.label, id);
  if (found.version !== current.version) {
    return concurrentUpdateError(ctx.traceId(), {
      object_type: collection.type,
      object_id: id,
      expected_version: current.version,
      found_version: found.version,
    });
  }
  // The resource is unchanged, but its account may have started closing inside the window.
  const late = collection.patchRules(ctx, checked.value, found);
  if (late.length > 0) return businessRuleError(ctx.traceId(), late);
  const next = collection.apply(found, checked.value, found.version + 1, ctx.isoNow());
  recordVersion(collection, id, next);
  ctx.hub.publish(`${collection.type}.updated`, next);
  return json(next);
}
