import { sameContent } from '../store/sameContent';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * Whether `sent` still carries, somewhere inside, a value the base had and the latest has not. At the
 * base's own version the base differs from the latest only by this entity's earlier pending changes,
 * and with the lane in order those have left by now: landed ones moved the version, so what differs
 * was dropped (resolved as theirs, discarded) or failed. Objects are walked over both sides' keys (a
 * dropped change may have removed one, or a whole sub-object); an array is one value, and one sent
 * with neither side's content was built over the base's too.
 */
function stillCarries(was: unknown, now: unknown, sent: unknown): boolean {
  if (sameContent(was, now)) return false;
  const [w, n, s] = [asRecord(was), asRecord(now), asRecord(sent)];
  if (w && n && s) return Object.keys({ ...w, ...n }).some((key) => stillCarries(w[key], n[key], s[key]));
  return sameContent(sent, was) || (Array.isArray(was) && !sameContent(sent, now));
}

// An object, or nothing where an object may be (one side added or removed a whole sub-object).
const NONE: Readonly<Record<string, unknown>> = {};
const asRecord = (value: unknown) => (isRecord(value) ? value : value === undefined ? NONE : undefined);

/**
 * The fields of `patch`, an outbox update's, that would send again an earlier change of the same entity
 * which never landed, compared at the base's own version (see `stillCarries`): the update is held as a
 * conflict on them rather than sent.
 */
export const carriedFields = (
  base: Readonly<Record<string, unknown>>,
  latest: Readonly<Record<string, unknown>>,
  patch: Readonly<Record<string, unknown>>,
): string[] => Object.keys(patch).filter((field) => stillCarries(base[field], latest[field], patch[field]));
