import type { VStoreError } from '../errors/vstoreError';
import { VSTORE_ERROR_CLASSES } from '../errors/vstoreErrorClasses';
import type { ErrorRecord } from './clientSnapshot';
import { plainData } from './plainData';

type ErrorClass = abstract new (...args: never[]) => Error;

// Every class a read can end with, by name: vstore's own, then the built-ins a read may throw. A
// class this list does not know comes back as its nearest base. Looked up on each call rather than
// kept in a module-level Map, which bundlers would build in every app, with every class it holds.
const BUILT_INS: readonly ErrorClass[] = [TypeError, RangeError, Error];
const classNamed = (name: string): ErrorClass | undefined =>
  Object.hasOwn(VSTORE_ERROR_CLASSES, name)
    ? VSTORE_ERROR_CLASSES[name as keyof typeof VSTORE_ERROR_CLASSES]
    : BUILT_INS.find((type) => type.prototype.name === name);

/** The name of the nearest class of `error` (itself or a base) that `classNamed` knows. */
const nearestKnown = (error: Error): string => {
  for (let proto: object | null = Object.getPrototypeOf(error); proto; proto = Object.getPrototypeOf(proto)) {
    for (const [name, type] of Object.entries(VSTORE_ERROR_CLASSES))
      if (type.prototype === proto) return name;
    const builtIn = BUILT_INS.find((type) => type.prototype === proto);
    if (builtIn) return builtIn.prototype.name;
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
  // `base` first: it is the class the error was made of, whatever its name says since.
  const type = classNamed(record.base ?? record.name) ?? Error;
  const error = Reflect.construct(Error, [record.message], type) as Error;
  // vstore's client-side classes set `name` as a field (enumerable), in the constructor that did not
  // run; an error of a class this list does not know keeps its own name over its base's, as the
  // prototype property it most often is (not enumerable).
  if (error.name !== record.name)
    Object.defineProperty(error, 'name', {
      value: record.name,
      enumerable: record.base === undefined,
      writable: true,
      configurable: true,
    });
  // Data only: a field named like one of the class's methods (`supportInfo`, `toJSON`) would hide it.
  for (const [key, value] of Object.entries(plainData(record.fields) as Record<string, unknown>))
    if (!(key in type.prototype)) define(error, key, value);
  return error as VStoreError;
}

const define = (target: object, key: string, value: unknown) =>
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
