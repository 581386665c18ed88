import * as z from 'zod';
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
  /** Validates every read (GET, create and update responses, history entries). */
  readonly schema: z.ZodType<TEntity>;
  /** Fields valid in an update; anything else is refused before a request. */
  readonly updatable: readonly TUpdateKey[];
  /** Carries `version`: applied through the store's version gate, readable with `{ version }`. */
  readonly versioned: boolean;
  readonly paths: {
    readonly collection: string;
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

export interface ResourceConfig<TSchema extends z.ZodType<object>, TUpdateKey extends string, TCreate> {
  type: string;
  idKey: string & keyof z.output<TSchema>;
  schema: TSchema;
  /** Collection path, e.g. `/spend_controls`; items live at `${path}/{id}`. */
  path: string;
  updatable?: readonly TUpdateKey[];
  /** @default true */
  versioned?: boolean;
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

export function defineResource<
  TSchema extends z.ZodType<object>,
  const TUpdateKey extends string & keyof z.output<TSchema> = never,
  TCreate = Record<string, unknown>,
>(
  config: ResourceConfig<TSchema, TUpdateKey, TCreate>,
): ResourceDefinition<z.output<TSchema>, TUpdateKey, TCreate> {
  checkConfig(config);
  const collection = config.path.replace(/\/+$/, '');
  const item = config.paths?.item ?? ((id: string) => `${collection}/${encodeURIComponent(id)}`);
  const history =
    config.paths?.history ?? (config.history ? (id: string) => `${item(id)}/history` : undefined);
  return Object.freeze({
    type: config.type,
    idKey: config.idKey,
    schema: config.schema as unknown as z.ZodType<z.output<TSchema>>,
    updatable: Object.freeze([...(config.updatable ?? [])]),
    versioned: config.versioned ?? true,
    paths: Object.freeze({ collection, item, history }),
    historyKey: config.historyKey ?? 'data',
    createBody: config.createBody ?? ((input: TCreate) => input),
    id: config.id,
  });
}

/**
 * A field the service may omit: the spec drops null keys from bodies, so absent reads as `null`
 * and the output type says so.
 */
export function nullable<T extends z.ZodType>(schema: T) {
  return schema.nullable().default(null);
}

/** The version metadata of versioned resources; `version` is required, starts at 1. */
export const versionFields = {
  version: z.number().int().min(1),
  version_time: z.string(),
};
