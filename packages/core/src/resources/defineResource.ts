import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import type { EntityOrder } from '../store/types';
import { safeInteger } from '../wire/wireSchemas';
import { checkConfig } from './checkDefinition';

/**
 * A resource the client can read and write: where it lives, how its reads are validated, which
 * fields an update may carry. `spendControls`, `accounts` and `tasks` are defined this way, and
 * applications describe further resources the same way (`client.resource(definition)`).
 */
export interface ResourceDefinition<
  TEntity extends object = object,
  TUpdateKey extends string = string,
  TCreate = unknown,
> {
  /** Store type, e.g. `spend_control`. */
  readonly type: string;
  /** Field holding the id, e.g. `spend_control_id`. */
  readonly idKey: string;
  /**
   * Validates every read (GET, create and update responses, history entries). Any zod 4 schema:
   * classic `zod` or `zod/mini` (both build on zod's core `$ZodType`).
   */
  readonly schema: $ZodType<TEntity>;
  /** Fields valid in an update; anything else is refused before a request. */
  readonly updatable: readonly TUpdateKey[];
  /** Carries `version`: applied through the store's version gate, readable with `{ version }`. */
  readonly versioned: boolean;
  /**
   * How the store orders two states of an entity without versions (tasks: by status). Unversioned
   * resources without one are ordered by when their requests started.
   */
  readonly order?: EntityOrder | undefined;
  /** The collection's list: the fields it filters by (equality), and how many items a page asks for. */
  readonly list: { readonly filters: readonly string[]; readonly pageSize: number };
  /** Where the resource lives. */
  readonly paths: {
    /** Collection path, e.g. `/spend_controls` (creates POST here). */
    readonly collection: string;
    /** The path of one entity, e.g. `(id) => `/spend_controls/${id}``. */
    readonly item: (id: string) => string;
    /** Present when the resource has a /history endpoint. */
    readonly history: ((id: string) => string) | undefined;
  };
  /** Key of the list in a history response. */
  readonly historyKey: string;
  /** The id of an entity, when its id field is not a string (e.g. a number); else the `idKey` field. */
  readonly id?: ((entity: TEntity) => string) | undefined;
  /** Turns a create input into the request body. */
  readonly createBody: (input: TCreate) => unknown;
}

/**
 * What `defineResource` takes: the store type, the id field, a zod schema and the collection path;
 * everything else is optional, with defaults for a versioned resource at `${path}/{id}`.
 */
export interface ResourceConfig<TSchema extends $ZodType<object>, TUpdateKey extends string, TCreate> {
  /** Store type, e.g. `invoice`; definitions of one type share its entities, and must agree on how they are ided and ordered. */
  type: string;
  /** Field of the entity holding its id, e.g. `invoice_id`. */
  idKey: string & keyof z.output<TSchema>;
  /** Validates every read; its output type is the entity type. Classic `zod` or `zod/mini`. */
  schema: TSchema;
  /** Collection path, e.g. `/spend_controls`; items live at `${path}/{id}`. */
  path: string;
  /** Fields an update may carry; anything else is refused before a request. @default [] (read-only) */
  updatable?: readonly TUpdateKey[];
  /** @default true */
  versioned?: boolean;
  /**
   * For a resource without versions: how the store orders two of its states (> 0 when the first is
   * newer). @default the order its requests started in
   */
  order?: EntityOrder;
  /**
   * The collection's list (`GET <path>?<filter>=…&limit=…&cursor=…`): the fields it filters by, with
   * equality, and how many items a page asks for (1–100).
   * @default { filters: [], pageSize: 20 }
   */
  list?: { filters?: readonly (string & keyof z.output<TSchema>)[]; pageSize?: number };
  /** Whether `${path}/{id}/history` exists. @default false */
  history?: boolean;
  /** Overrides for paths that do not follow the collection/item pattern. */
  paths?: { item?: (id: string) => string; history?: (id: string) => string };
  /** @default 'data' */
  historyKey?: string;
  /**
   * The id of an entity when its id field is not a string, e.g. `(invoice) => String(invoice.invoice_id)`.
   * @default the `idKey` field
   */
  id?: (entity: z.output<TSchema>) => string;
  /** Maps a create input to the request body; its parameter type types `create`. @default the input as is */
  createBody?: (input: TCreate) => unknown;
}

/**
 * Describes a resource of your own API so a client can read, create, update and edit it with the
 * same guarantees as the built-in ones: validated reads, the store's version gate, refused
 * non-updatable fields, idempotent creates. Hand the definition to `client.resource(definition)`,
 * `observeResource` or a binding's `useResource`.
 *
 * A versioned resource (the default) must carry an integer `version` >= 1; an unversioned one
 * (`versioned: false`) is ordered by when its requests started, so an older reply never replaces a
 * newer one.
 *
 * @example
 * ```ts
 * import { createClient, defineResource, z } from '@vstore/core';
 *
 * const invoices = defineResource({
 *   type: 'invoice',
 *   idKey: 'invoice_id',
 *   schema: z.looseObject({
 *     invoice_id: z.string(),
 *     version: z.int(),
 *     memo: z.string(),
 *   }),
 *   path: '/invoices',
 *   updatable: ['memo'],
 *   history: true,
 * });
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', getToken: async () => 'token' });
 * await client.resource(invoices).update('inv_1', { memo: 'Paid by card' });
 * ```
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineResource<
  TSchema extends $ZodType<object>,
  const TUpdateKey extends string & keyof z.output<TSchema> = never,
  TCreate = Record<string, unknown>,
>(
  config: ResourceConfig<TSchema, TUpdateKey, TCreate>,
): ResourceDefinition<z.output<TSchema>, TUpdateKey, TCreate> {
  checkConfig(config);
  return builtInResource(config);
}

/**
 * `defineResource` without its checks, for the built-in definitions: their configs are constants
 * of this package, whose definitions a test checks instead, so an app that never defines a resource
 * of its own does not ship the checks.
 */
/* @__NO_SIDE_EFFECTS__ */
export function builtInResource<
  TSchema extends $ZodType<object>,
  const TUpdateKey extends string & keyof z.output<TSchema> = never,
  TCreate = Record<string, unknown>,
>(
  config: ResourceConfig<TSchema, TUpdateKey, TCreate>,
): ResourceDefinition<z.output<TSchema>, TUpdateKey, TCreate> {
  const collection = config.path.replace(/\/+$/, '');
  const item =
    config.paths?.item ??
    ((id: string) => {
      // URLs read `.` and `..` (and their %2e spellings) as steps up the path: no encoding can send them.
      if (id === '.' || id === '..')
        throw new TypeError(`${config.type} id "${id}" cannot be put in a URL path: it reads as a step up`);
      return `${collection}/${encodeURIComponent(id)}`;
    });
  const history =
    config.paths?.history ?? (config.history ? (id: string) => `${item(id)}/history` : undefined);
  return Object.freeze({
    type: config.type,
    idKey: config.idKey,
    schema: config.schema as unknown as $ZodType<z.output<TSchema>>,
    updatable: Object.freeze([...(config.updatable ?? [])]),
    versioned: config.versioned ?? true,
    order: config.order,
    list: Object.freeze({
      filters: Object.freeze([...(config.list?.filters ?? [])]),
      pageSize: config.list?.pageSize ?? DEFAULT_PAGE_SIZE,
    }),
    paths: Object.freeze({ collection, item, history }),
    historyKey: config.historyKey ?? 'data',
    createBody: config.createBody ?? ((input: TCreate) => input),
    id: config.id,
  });
}

/** Items a list page asks for when neither the definition nor the call says. */
export const DEFAULT_PAGE_SIZE = 20;

/**
 * A field the service may omit: the spec drops null keys from bodies, so absent reads as `null`
 * and the output type says so.
 */
export function nullable<T extends $ZodType>(schema: T) {
  return z._default(z.nullable(schema), null);
}

/** The version metadata of versioned resources; `version` is required, starts at 1. */
export const versionFields = {
  // Marked pure: bundlers keep a method call (`.check`) they cannot prove free of effects.
  version: /* @__PURE__ */ safeInteger.check(z.refine<number>((v) => v >= 1, 'expected 1 or more')),
  version_time: z.string(),
};
