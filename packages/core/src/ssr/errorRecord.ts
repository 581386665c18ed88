import type { VStoreError } from '../errors/vstoreError';
import { VSTORE_ERROR_CLASSES } from '../errors/vstoreErrorClasses';
import type { ErrorRecord } from './clientSnapshot';
import { plainData } from './plainData';

type ErrorClass = abstract new (...args: never[]) => Error;

// Every class a read can end with, by name. A Map, so a hostile name such as `__proto__` finds nothing.
// A new exported error class goes into VSTORE_ERROR_CLASSES; any other comes back as its nearest base.
const CLASSES = new Map<string, ErrorClass>(
  [...VSTORE_ERROR_CLASSES, TypeError, RangeError, Error].map((type) => [type.prototype.name, type]),
);

// The classes by prototype, to find the nearest known class of an error of an unknown subclass.
const KNOWN = new Map<object, string>([...CLASSES].map(([name, type]) => [type.prototype, name]));
const nearestKnown = (error: Error): string => {
  for (let proto: object | null = Object.getPrototypeOf(error); proto; proto = Object.getPrototypeOf(proto)) {
    const name = KNOWN.get(proto);
    if (name) return name;
  }
  return 'Error';
};

// Not data: `stack` and `cause` stay on the server (see ErrorRecord); `name` and `message` have their own fields.
const LEFT_OUT = new Set(['stack', 'cause', 'name', 'message']);

/** The plain, JSON-safe record of a failed read (tokens were scrubbed when the error was made). */
export function toErrorRecord(error: unknown): ErrorRecord {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(error)) {
    if (LEFT_OUT.has(key)) continue;
    const value = plainData((error as unknown as Record<string, unknown>)[key]);
    if (value !== undefined) fields[key] = value;
  }
  const record = {
    name: error.name,
    message: error.message,
    fields: plainData(fields) as Record<string, unknown>,
  };
  const base = nearestKnown(error);
  return base === error.name ? record : { ...record, base };
}

/**
 * The error a record stands for, of the same class (so `instanceof` and `supportInfo()` work as on
 * the server), with the record's fields. The class's constructor does not run: its arguments are
 * gone, and its fields are what the record holds. A class this list does not know comes back as its
 * nearest known base class (`base`), keeping its own name.
 */
export function fromErrorRecord(record: ErrorRecord): VStoreError {
  const known = CLASSES.get(record.name);
  const type = known ?? CLASSES.get(record.base ?? 'Error') ?? Error;
  const error = Reflect.construct(Error, [record.message], type) as Error;
  if (!known)
    Object.defineProperty(error, 'name', { value: record.name, writable: true, configurable: true });
  // Data only: a field named like one of the class's methods (`supportInfo`, `toJSON`) would hide it.
  for (const [key, value] of Object.entries(plainData(record.fields) as Record<string, unknown>))
    if (!(key in type.prototype)) define(error, key, value);
  return error as VStoreError;
}

const define = (target: object, key: string, value: unknown) =>
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
