import { safeParse } from 'zod/mini';
import type { $ZodType, util } from 'zod/v4/core';

// zod/mini's parser interprets a schema node by node and gives every field it visits a payload and
// an issues array of its own, then copies every object. On Node 20, for a page of a hundred spend
// controls, that is 1.4 µs per item after JSON.parse's 1 µs. The schema is compiled once here into
// closures over its parts, which check a value and build the same output with no payload per field
// (1.1 µs), or, when the parsed value already is that output, return it as it is (0.3 µs); either
// way each value is parsed once. They only ever answer for a value the schema accepts: anything
// they cannot vouch for (a failure, an async check, a node kind they do not know) gives MISS, and
// zod's own safeParse then parses the whole value, so every error, issue and path is zod's. A node
// kind not compiled runs through its own `_zod.run`, checks included.
// The value must be the caller's own tree, as JSON.parse just made it: parts of it may be returned
// as they are (and the store then freezes them), and a part reached twice would be parsed twice.

const MISS = Symbol('miss');
// An async check or node: zod's synchronous parse throws for it, so it must not pass for a failure.
const ASYNC = new Error('async');
const hasOwn = Object.prototype.hasOwnProperty;
type Fast = (value: unknown) => unknown;
/** What is read of a zod node (a schema or a check). */
type Node = {
  _zod: {
    def: Def;
    traits: Set<string>;
    values?: Set<unknown>;
    optin?: string;
    optout?: string;
    run: (payload: Payload, ctx: { async: false }) => Payload | Promise<Payload>;
    check?: (payload: Payload) => unknown;
  };
};
type Def = {
  type: string;
  coerce?: boolean;
  checks?: Node[];
  when?: (payload: Payload) => boolean;
  element?: Node;
  innerType?: Node;
  shape?: Record<string, Node>;
  catchall?: Node;
  defaultValue?: unknown;
};
type Payload = { value: unknown; issues: unknown[] };

// Two compilations per schema: as it is, and `fresh`, for what lies under a node with checks. A check
// is given the output to read or rewrite (an overwrite may reverse an array in place), so there, as
// in zod, every object and array is built anew and the parsed tree is never handed to one.
const compiled = [new WeakMap<object, Fast>(), new WeakMap<object, Fast>()] as const;

/**
 * zod's `safeParse` of a tree JSON.parse just made: the same result, the common node kinds compiled.
 * `again` makes the same tree anew (JSON.parse of the same text): zod's own parse, when it is needed,
 * must not see what a transform or check of the first pass changed in place.
 */
export function parseWire<T>(
  schema: $ZodType<T>,
  value: unknown,
  again: () => unknown,
): util.SafeParseResult<T> {
  let out: unknown;
  try {
    out = compile(schema as unknown as Node, false)(value);
  } catch {
    // A check or node that throws (an async one included) does so again in zod's parse, which
    // reports it as it always has.
    out = MISS;
  }
  return out === MISS ? safeParse(schema, again()) : { success: true, data: out as T };
}

function compile(schema: Node, fresh: boolean): Fast {
  const cache = compiled[fresh ? 1 : 0];
  let fast = cache.get(schema);
  if (fast) return fast;
  // A recursive schema (a getter in a shape) meets itself while compiling: it calls the finished one.
  cache.set(schema, (value) => (fast as Fast)(value));
  const { def, traits } = schema._zod;
  const checks: Node[] = [...(traits.has('$ZodCheck') ? [schema] : []), ...(def.checks ?? [])];
  const own = ownParse(schema, fresh || checks.length > 0);
  fast = own ? withChecks(checks, own) : run(schema);
  cache.set(schema, fast);
  return fast;
}

/** A node not compiled, run by zod (its checks included) on a payload of its own. */
const run =
  (schema: Node): Fast =>
  (value) => {
    const result = schema._zod.run({ value, issues: [] }, { async: false });
    if (result instanceof Promise) throw ASYNC;
    return result.issues.length ? MISS : result.value;
  };

/** The node's checks (refinements, formats, overwrites), run as zod runs them after its parse. */
function withChecks(checks: Node[], parse: Fast): Fast {
  if (!checks.length) return parse;
  return (input) => {
    const value = parse(input);
    if (value === MISS) return MISS;
    const payload: Payload = { value, issues: [] };
    for (const { _zod: check } of checks) {
      if (check.def.when && !check.def.when(payload)) continue;
      if (check.check?.(payload) instanceof Promise) throw ASYNC;
      if (payload.issues.length) return MISS;
    }
    return payload.value;
  };
}

/**
 * The parse of a node kind compiled here, as zod's forward parse does it; undefined for others.
 * `fresh`: objects and arrays are always built anew (see `compiled`).
 */
function ownParse(schema: Node, fresh: boolean): Fast | undefined {
  const { def, traits, values } = schema._zod;
  const kind = def.type;
  // The kind as zod's own constructor makes it (its trait, `$ZodString` for 'string'), not coerced.
  if (!traits.has(`$Zod${kind[0]?.toUpperCase()}${kind.slice(1)}`) || def.coerce) return undefined;
  if (kind === 'string' || kind === 'boolean') return (v) => (typeof v === kind ? v : MISS);
  if (kind === 'number') return (v) => (Number.isFinite(v) ? v : MISS);
  if (kind === 'unknown' || kind === 'any') return (v) => v;
  if (kind === 'enum' || kind === 'literal' || kind === 'null')
    return values && ((v) => (values.has(v) ? v : MISS));
  if (kind === 'array') return def.element && arrayParse(compile(def.element, fresh), fresh);
  if (kind === 'object') return objectParse(def, fresh);
  const innerType = def.innerType;
  const inner = innerType && compile(innerType, fresh);
  if (!inner) return undefined;
  if (kind === 'nullable') return (v) => (v === null ? v : inner(v));
  // Absence a defaulted inner node fills is left to zod (optional of a default, rare).
  if (kind === 'optional' && !traits.has('$ZodExactOptional'))
    return (v) => (v !== undefined ? inner(v) : innerType._zod.optin === 'defaulted' ? MISS : v);
  if (kind === 'default')
    return (v) => {
      const out = v === undefined ? undefined : inner(v);
      return out === undefined ? def.defaultValue : out;
    };
  return undefined;
}

const arrayParse =
  (element: Fast, fresh: boolean): Fast =>
  (v) => {
    if (!Array.isArray(v)) return MISS;
    // The array itself while every item is its own parse; a copy from the first that is not.
    let out: unknown[] = fresh ? new Array<unknown>(v.length) : v;
    for (let at = 0; at < v.length; at++) {
      const item = element(v[at]);
      if (item === MISS) return MISS;
      if (item !== v[at] && out === v) out = v.slice(0, at);
      if (out !== v) out[at] = item;
    }
    return out;
  };

/**
 * An object as zod's object parse builds it: the shape's keys in its order (`__proto__` never
 * copied), each absent one as its optionality says, then the unknown keys its catchall admits. When
 * the input already is that object (the shape's keys first, in order, each value its own parse, no
 * key to drop), it is the output: a second copy of every entity would be garbage as soon as made.
 * Each value is parsed once, whichever it turns out to be.
 */
function objectParse(def: Def, fresh: boolean): Fast | undefined {
  const shape = def.shape ?? {};
  if (Object.getOwnPropertySymbols(shape).length) return undefined;
  const names = Object.keys(shape);
  const declared = new Set(names);
  const fields = names
    .filter((key) => key !== '__proto__')
    .map((key) => {
      const node = shape[key] as Node;
      return { key, node, parse: compile(node, fresh), optin: node._zod.optin, optout: node._zod.optout };
    });
  const catchall = def.catchall;
  const strict = catchall?._zod.def.type === 'never';
  const rest = catchall && !strict ? compile(catchall, fresh) : undefined;
  /** Whether the input's own keys are the shape's, in order, then only keys the catchall keeps. */
  const inOrder = (input: Record<string, unknown>) => {
    let at = 0;
    for (const key in input) {
      const field = fields[at++];
      if (
        !hasOwn.call(input, key) ||
        (field ? field.key !== key : !rest || declared.has(key) || key === '__proto__')
      )
        return false;
    }
    return at >= fields.length;
  };
  /** The input itself while each value is its own parse (keys known in order); built from the first that is not. */
  const kept = (input: Record<string, unknown>): unknown => {
    let at = 0;
    for (const key in input) {
      const given = input[key];
      const value = ((fields[at] as (typeof fields)[number] | undefined)?.parse ?? (rest as Fast))(given);
      if (value === MISS) return MISS;
      if (value !== given) return rebuilt(input, at, value);
      at++;
    }
    return input;
  };
  /** The output of an input whose keys come in order, its first `from` values their own parse. */
  const rebuilt = (input: Record<string, unknown>, from: number, value: unknown): unknown => {
    const out: Record<string, unknown> = {};
    let at = 0;
    for (const key in input) {
      const parse = (fields[at] as (typeof fields)[number] | undefined)?.parse ?? (rest as Fast);
      const next = at < from ? input[key] : at === from ? value : parse(input[key]);
      if (next === MISS) return MISS;
      out[key] = next;
      at++;
    }
    return out;
  };
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return MISS;
    const input = v as Record<string, unknown>;
    if (!fresh && inOrder(input)) return kept(input);
    const out: Record<string, unknown> = {};
    // Indexed: a page of a hundred items allocates no iterator entry per field.
    for (let at = 0; at < fields.length; at++) {
      const { key, node, parse, optin, optout } = fields[at] as (typeof fields)[number];
      const present = key in input;
      if (!present && optin === undefined) return MISS;
      if (!present && optout === 'optional') {
        // Absent and optional: zod runs the field all the same, every check of it (one may throw, or
        // be async), then leaves it out on any issue. Rare enough to be left to zod's own run.
        const absent = node._zod.run({ value: undefined, issues: [] }, { async: false });
        if (absent instanceof Promise) throw ASYNC;
        if (optin !== 'optional' && !absent.issues.length && absent.value !== undefined)
          out[key] = absent.value;
        continue;
      }
      const value = parse(input[key]);
      if (value === MISS) return MISS;
      if (value !== undefined || present || (optin === 'defaulted' && optout !== 'optional'))
        out[key] = value;
    }
    if (catchall)
      for (const key in input) {
        if (declared.has(key)) continue;
        if (strict) return MISS;
        if (key === '__proto__') continue;
        const value = (rest as Fast)(input[key]);
        if (value === MISS) return MISS;
        out[key] = value;
      }
    return out;
  };
}
