import type { ServiceContext } from './context';
import { createResource } from './createResource';
import { type FieldError, notFoundError, requestValidationError } from './errors';
import { json } from './json';
import { listRoute } from './listRoute';
import { patchResource } from './patchResource';
import { plainRoute, type Route, type Routes } from './route';
import type { Versioned } from './types';
import { parseVersionQuery } from './validation';
import { missingResource, type VersionedCollection } from './versionedCollection';

/**
 * The routes of a collection for the path segments after its own, or undefined for none. Only a
 * read of one resource takes a parameter (`version`); a PATCH, a POST or a `/history` read with one
 * gets 400 instead of quietly doing something other than asked.
 */
export function collectionRoutes<C, P, T extends Versioned>(
  collection: VersionedCollection<C, P, T>,
  rest: readonly string[],
): Routes | undefined {
  const [id, sub] = rest;
  if (id === undefined) {
    const create: Route = {
      params: [],
      readsMore: true,
      run: (ctx, { request, token, problems }) => createResource(ctx, collection, request, token, problems),
    };
    return new Map([
      ['GET', listRoute(collection.list)],
      ['POST', create],
    ]);
  }
  if (rest.length === 1) {
    const read: Route = {
      params: ['version'],
      readsMore: true,
      run: (ctx, { url, problems }) => getResource(ctx, collection, url, id, problems),
    };
    const patch: Route = {
      params: [],
      readsMore: true,
      run: (ctx, { request, problems }) => patchResource(ctx, collection, request, id, problems),
    };
    return new Map([
      ['GET', read],
      ['PATCH', patch],
    ]);
  }
  if (rest.length === 2 && sub === 'history' && collection.history) {
    return new Map([['GET', plainRoute((ctx) => getHistory(ctx, collection, id))]]);
  }
  return undefined;
}

/** GET /{path}/{id}?version=n — omitted or 0 is the latest, n >= 1 that historical version. */
function getResource<C, P, T extends Versioned>(
  ctx: ServiceContext,
  collection: VersionedCollection<C, P, T>,
  url: URL,
  id: string,
  problems: readonly FieldError[],
): Response {
  // A repeated version is already a problem; its value is not read.
  const repeated = problems.some((p) => p.field === 'version');
  const version = repeated ? { ok: true as const, value: 0 } : parseVersionQuery(url);
  const errors = [...problems, ...(version.ok ? [] : version.errors)];
  if (errors.length > 0 || !version.ok) return requestValidationError(ctx.traceId(), errors);
  const versions = collection.versions.get(id);
  if (!versions) return missingResource(ctx, collection.label, id);
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
  return versions ? json({ data: versions }) : missingResource(ctx, collection.label, id);
}
