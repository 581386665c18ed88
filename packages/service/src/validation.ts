import type { FieldError } from './errors';
import {
  INTERVAL_VALUES,
  type Money,
  type SpendControlStatus,
  type SpendInterval,
  STATUS_VALUES,
} from './types';

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

export interface CreateInput {
  name: string;
  limit: Money;
  interval: SpendInterval;
  account_id: string;
  status: SpendControlStatus;
}

export interface PatchInput {
  name?: string;
  status?: SpendControlStatus;
  limit?: Money;
  interval?: SpendInterval;
}

const UPDATE_FIELDS = new Set(['name', 'status', 'limit', 'interval']);
const READ_ONLY_FIELDS = new Set(['spend_control_id', 'version', 'version_time', 'account_id']);
const CREATE_FIELDS = new Set(['name', 'limit', 'interval', 'account_id', 'status']);
const CURRENCY = /^[A-Z]{3}$/;
const MAX_NAME_LENGTH = 200;
/** Ids are echoed into error bodies and kept with idempotency records: a bound keeps both small. */
export const MAX_ID_LENGTH = 64;
/**
 * How deep a body may nest: far beyond any resource, and far below what overflows the recursive
 * code a stored value goes through (null stripping, canonical JSON for idempotency, events). Checked
 * before anything is stored, so a deep body is a 400, never a 500 after its write was committed.
 */
export const MAX_BODY_DEPTH = 64;

const body = (field: string | undefined, code: string, message: string): FieldError =>
  field === undefined ? { location: 'body', code, message } : { location: 'body', field, code, message };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads a JSON object body; every way it can be unreadable becomes one `errors` entry. */
export async function readJsonObject(
  request: Request,
  maxBytes: number,
): Promise<Checked<Record<string, unknown>>> {
  const type = request.headers.get('content-type');
  if (type !== null && !/^application\/(?:[\w.+-]*\+)?json\b/i.test(type)) {
    return fail(body(undefined, 'unsupported_content_type', 'Send the body as application/json.'));
  }
  const tooLarge = body(undefined, 'body_too_large', `The body exceeds ${maxBytes} bytes.`);
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await request.body?.cancel().catch(() => {});
    return fail(tooLarge);
  }
  const text = await readText(request, maxBytes);
  if (text === undefined) return fail(tooLarge);
  let parsed: unknown;
  try {
    // JSON.parse makes "__proto__" an own key, never a prototype; the field checks then reject it.
    parsed = JSON.parse(text);
  } catch {
    return fail(body(undefined, 'malformed_json', 'The body is not valid JSON.'));
  }
  if (!isRecord(parsed)) return fail(body(undefined, 'invalid_type', 'The body must be a JSON object.'));
  if (nestsDeeper(parsed, MAX_BODY_DEPTH))
    return fail(body(undefined, 'too_deep', `The body nests deeper than ${MAX_BODY_DEPTH} levels.`));
  return { ok: true, value: parsed };
}

/** Whether `value` nests objects or arrays more than `levels` deep; the walk stops at that depth. */
function nestsDeeper(value: unknown, levels: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (levels === 0) return true;
  for (const inner of Object.values(value)) if (nestsDeeper(inner, levels - 1)) return true;
  return false;
}

/**
 * The body as text, counted chunk by chunk: past `maxBytes` reading stops and the rest is
 * cancelled, so a body sent without Content-Length is never held whole. `undefined` when too large.
 */
async function readText(request: Request, maxBytes: number): Promise<string | undefined> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(all);
}

function fail<T>(...errors: FieldError[]): Checked<T> {
  return { ok: false, errors };
}

function checkName(value: unknown, errors: FieldError[]): void {
  if (typeof value !== 'string') errors.push(body('name', 'invalid_type', 'name must be a string.'));
  else if (value.trim() === '' || value.length > MAX_NAME_LENGTH) {
    errors.push(body('name', 'invalid_format', `name must hold 1 to ${MAX_NAME_LENGTH} characters.`));
  }
}

function checkId(field: string, value: unknown, errors: FieldError[]): void {
  if (typeof value !== 'string') errors.push(body(field, 'invalid_type', `${field} must be a string.`));
  else if (value === '' || value.length > MAX_ID_LENGTH) {
    errors.push(body(field, 'invalid_format', `${field} must hold 1 to ${MAX_ID_LENGTH} characters.`));
  }
}

function checkEnum(field: string, value: unknown, allowed: readonly string[], errors: FieldError[]): void {
  if (typeof value !== 'string') errors.push(body(field, 'invalid_type', `${field} must be a string.`));
  else if (!allowed.includes(value)) {
    errors.push(body(field, 'unknown_enum_value', `${field} must be one of ${allowed.join(', ')}.`));
  }
}

function checkLimit(value: unknown, errors: FieldError[]): void {
  if (!isRecord(value)) {
    errors.push(body('limit', 'invalid_type', 'limit must be an object { amount, currency }.'));
    return;
  }
  for (const key of Object.keys(value)) {
    if (key !== 'amount' && key !== 'currency') {
      errors.push(body(`limit.${key}`, 'unknown_field', `limit.${key} is not a field of limit.`));
    }
  }
  const { amount, currency } = value;
  if (amount === undefined) errors.push(body('limit.amount', 'missing_field', 'limit.amount is required.'));
  else if (typeof amount !== 'number' || !Number.isFinite(amount)) {
    errors.push(body('limit.amount', 'invalid_type', 'limit.amount must be a finite number.'));
  } else if (amount < 0) errors.push(body('limit.amount', 'invalid_format', 'limit.amount must be >= 0.'));
  if (currency === undefined)
    errors.push(body('limit.currency', 'missing_field', 'limit.currency is required.'));
  else if (typeof currency !== 'string') {
    errors.push(body('limit.currency', 'invalid_type', 'limit.currency must be a string.'));
  } else if (!CURRENCY.test(currency)) {
    errors.push(
      body('limit.currency', 'invalid_format', 'limit.currency must be an ISO 4217 code like USD.'),
    );
  }
}

/** Checks a `POST /spend_controls` body. */
export function validateCreate(input: Record<string, unknown>): Checked<CreateInput> {
  const errors: FieldError[] = [];
  for (const key of Object.keys(input)) {
    if (!CREATE_FIELDS.has(key)) errors.push(body(key, 'unknown_field', `${key} is not accepted on create.`));
  }
  for (const key of ['name', 'limit', 'interval', 'account_id']) {
    if (input[key] === undefined) errors.push(body(key, 'missing_field', `${key} is required.`));
  }
  if (input.name !== undefined) checkName(input.name, errors);
  if (input.limit !== undefined) checkLimit(input.limit, errors);
  if (input.interval !== undefined) checkEnum('interval', input.interval, INTERVAL_VALUES, errors);
  if (input.status !== undefined) checkEnum('status', input.status, STATUS_VALUES, errors);
  if (input.account_id !== undefined) checkId('account_id', input.account_id, errors);
  if (errors.length > 0) return { ok: false, errors };
  const limit = input.limit as Money;
  return {
    ok: true,
    value: {
      name: input.name as string,
      limit: { amount: limit.amount, currency: limit.currency },
      interval: input.interval as SpendInterval,
      account_id: input.account_id as string,
      status: (input.status as SpendControlStatus | undefined) ?? 'active',
    },
  };
}

/** Checks a PATCH body: update-valid fields only; read-only and unknown fields are named one by one. */
export function validatePatch(input: Record<string, unknown>): Checked<PatchInput> {
  const errors: FieldError[] = [];
  const keys = Object.keys(input);
  for (const key of keys) {
    if (READ_ONLY_FIELDS.has(key)) {
      errors.push(
        body(key, 'read_only_field', `${key} is read-only; send only name, status, limit, interval.`),
      );
    } else if (!UPDATE_FIELDS.has(key)) {
      errors.push(body(key, 'unknown_field', `${key} is not valid for update.`));
    }
  }
  if (keys.length === 0) errors.push(body(undefined, 'empty_update', 'Send at least one field to update.'));
  if (input.name !== undefined) checkName(input.name, errors);
  if (input.status !== undefined) checkEnum('status', input.status, STATUS_VALUES, errors);
  if (input.interval !== undefined) checkEnum('interval', input.interval, INTERVAL_VALUES, errors);
  if (input.limit !== undefined) checkLimit(input.limit, errors);
  if (errors.length > 0) return { ok: false, errors };
  const patch: PatchInput = {};
  if (input.name !== undefined) patch.name = input.name as string;
  if (input.status !== undefined) patch.status = input.status as SpendControlStatus;
  if (input.interval !== undefined) patch.interval = input.interval as SpendInterval;
  if (input.limit !== undefined) {
    const limit = input.limit as Money;
    patch.limit = { amount: limit.amount, currency: limit.currency };
  }
  return { ok: true, value: patch };
}

/** `version` query: omitted or 0 means latest; otherwise an integer >= 1. */
export function parseVersionQuery(url: URL): Checked<number> {
  const raw = url.searchParams.get('version');
  // An empty `?version=` is a value, not an omission: refused as an empty `limit=` is.
  if (raw === null) return { ok: true, value: 0 };
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    return fail({
      location: 'query',
      field: 'version',
      code: 'invalid_type',
      message: 'version must be a non-negative integer (0 or omitted for the latest).',
    });
  }
  return { ok: true, value: Number(raw) };
}

/** Idempotency-Key format: 1 to 255 visible ASCII characters. */
export function checkIdempotencyKey(key: string | null): FieldError[] {
  if (key === null || /^[\x21-\x7e]{1,255}$/.test(key)) return [];
  return [
    {
      location: 'header',
      field: 'Idempotency-Key',
      code: 'invalid_format',
      message: 'Idempotency-Key must hold 1 to 255 visible ASCII characters.',
    },
  ];
}
