/** What replaces a secret wherever one would otherwise be shown. */
export const REDACTED = '[REDACTED]';

// Query parameters that carry credentials in the wild (OAuth, signed URLs, API keys). Their values
// never reach an error, as @octokit/request-error does for `client_secret` and `access_token`.
const SECRET_PARAM =
  /([?&](?:access_token|id_token|refresh_token|token|client_secret|secret|api_key|apikey|key|password|passwd|signature|sig|code|auth)=)[^&#]*/gi;
// `https://user:password@host`, anywhere in a text: userinfo is a credential too. Platform errors quote
// the URL they refused (undici: "Request cannot be constructed from a URL that includes credentials").
const USERINFO = /([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]*@/gi;

/**
 * A URL or path, or any text quoting one, with credential-bearing query values and userinfo
 * replaced by `[REDACTED]`.
 */
export function redactUrl(url: string): string {
  return url.replace(USERINFO, `$1${REDACTED}@`).replace(SECRET_PARAM, `$1${REDACTED}`);
}

/**
 * The credentials in a base URL's userinfo, in every spelling a message might quote them
 * (percent-encoded as the URL holds them, and decoded), for `scrubSecrets`. Empty without userinfo.
 */
export function userinfoSecrets(baseUrl: string): string[] {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return [];
  }
  const parts = [url.username, url.password].filter((part) => part !== '');
  const decoded = parts.map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  });
  const whole = url.password === '' ? [] : [`${url.username}:${url.password}`];
  return [...new Set([...whole, ...parts, ...decoded])];
}

/**
 * Replaces every occurrence of the given secrets in a string, or in the strings and keys of a
 * JSON-like value at any depth (a server may echo a bad token back, even as a key). Returns the
 * input itself when nothing matched, so the common case allocates nothing. Iterative, so no depth
 * overflows the call stack; each object is visited once, so the work is bounded by the value's
 * size; a reference back to an object being scrubbed (a hand-built cycle) becomes `[Circular]`.
 */
export function scrubSecrets<T>(value: T, secrets: readonly string[]): T {
  // Longest first: `user:pass` goes whole before `pass` alone would leave `user:` behind.
  const long = secrets.filter((s) => s.length >= 4).sort((a, b) => b.length - a.length);
  const short = secrets.filter((s) => s.length > 0 && s.length < 4);
  if (long.length === 0 && short.length === 0) return value;
  return scrubTree(value, { long, short: short.length > 0 ? asWord(short) : undefined }) as T;
}

export const CIRCULAR = '[Circular]';

/** What to scrub: secrets replaced wherever they occur, and short ones (under 4 characters) as words. */
interface Scrub {
  readonly long: readonly string[];
  readonly short: RegExp | undefined;
}

// A secret under 4 characters, replaced everywhere, would blot out common letters of every message;
// it goes where it stands as a word of its own: not next to a letter, digit, `_` or `-`. (Punctuation
// is a boundary, so a sentence's full stop after it does not hide it; so is a percent-escape before it,
// as in an encoded form body or query.)
const TOKEN_CHAR = '[\\w-]';
const asWord = (secrets: readonly string[]) =>
  new RegExp(
    `(?:(?<!${TOKEN_CHAR})|(?<=%[0-9A-Fa-f]{2}))(?:${secrets.map((s) => s.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')).join('|')})(?!${TOKEN_CHAR})`,
    'g',
  );

function scrubText(text: string, secrets: Scrub): string {
  let out = text;
  for (const secret of secrets.long) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  // A global pattern's replace starts from the beginning whatever its `lastIndex`.
  if (secrets.short) out = out.replace(secrets.short, REDACTED);
  return out;
}

/** One object being scrubbed: its entries, how far we got, and the copy once something changed. */
interface Frame {
  readonly source: object;
  readonly entries: [string, unknown][];
  index: number;
  /** Scrubbed key and value of each entry visited so far. */
  readonly out: [string, unknown][];
  changed: boolean;
}

function scrubTree(root: unknown, secrets: Scrub): unknown {
  if (typeof root === 'string') return scrubText(root, secrets);
  if (root === null || typeof root !== 'object') return root;
  const done = new Map<object, unknown>();
  const open = new Set<object>();
  const frame = (source: object): Frame => {
    open.add(source);
    return { source, entries: Object.entries(source), index: 0, out: [], changed: false };
  };
  // Records the scrubbed value of the frame's current entry and moves past it.
  const settle = (at: Frame, next: unknown) => {
    const [key, item] = at.entries[at.index] as [string, unknown];
    const safeKey = scrubText(key, secrets);
    if (next !== item || safeKey !== key) at.changed = true;
    at.out.push([safeKey, next]);
    at.index++;
  };
  const stack: Frame[] = [frame(root)];
  let result: unknown = root;
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Frame;
    if (top.index < top.entries.length) {
      const item = (top.entries[top.index] as [string, unknown])[1];
      let next: unknown = item;
      if (typeof item === 'string') next = scrubText(item, secrets);
      else if (item !== null && typeof item === 'object') {
        if (open.has(item)) next = CIRCULAR;
        else if (done.has(item)) next = done.get(item);
        else {
          stack.push(frame(item));
          continue; // come back to this entry once the child is done
        }
      }
      settle(top, next);
      continue;
    }
    stack.pop();
    open.delete(top.source);
    const scrubbed = top.changed ? rebuild(top.source, top.out) : top.source;
    done.set(top.source, scrubbed);
    const parent = stack[stack.length - 1];
    if (!parent) {
      result = scrubbed;
      break;
    }
    settle(parent, scrubbed);
  }
  return result;
}

function rebuild(source: object, entries: readonly [string, unknown][]): unknown {
  if (Array.isArray(source)) return entries.map(([, value]) => value);
  const copy: Record<string, unknown> = {};
  // defineProperty, not assignment: a key named `__proto__` must stay a plain own property.
  for (const [key, value] of entries)
    Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** An error that holds only scrubbed text: its name, message, stack and, when known, a failure code. */
export interface ScrubbedError extends Error {
  code?: string;
  cause?: { code: string };
}

// A fresh Error has no `code` and no `cause`, so it already is a ScrubbedError.
const plainError = (message: string) => new Error(message) as ScrubbedError;

/**
 * A plain copy of a thrown value, safe to keep as a `cause`. Never the original: a foreign error may
 * carry anything, e.g. the request options with their `Authorization` header (axios does), where no
 * text search reaches. Only name, message and stack survive, scrubbed, plus the `code` of the error
 * and of its cause (`ECONNREFUSED` and the like), which say what failed and carry no secret.
 */
export function scrubError(error: unknown, secrets: readonly string[]): ScrubbedError {
  // Platform errors quote the URL they failed on, userinfo and all: redact it as a URL is.
  const clean = (text: string) => redactUrl(scrubSecrets(text, secrets));
  if (!(error instanceof Error)) {
    const text = typeof error === 'string' ? error : `a thrown ${error === null ? 'null' : typeof error}`;
    return plainError(clean(text));
  }
  const copy = plainError(clean(error.message));
  copy.name = clean(error.name);
  copy.stack = clean(error.stack ?? '');
  const code = codeOf(error);
  if (code !== undefined) copy.code = clean(code);
  const causeCode = codeOf(error.cause);
  if (causeCode !== undefined) copy.cause = { code: clean(causeCode) };
  return copy;
}

function codeOf(value: unknown): string | undefined {
  const code = (value as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
