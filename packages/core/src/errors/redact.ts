/** What replaces a secret wherever one would otherwise be shown. */
export const REDACTED = '[REDACTED]';

// Query parameters that carry credentials in the wild (OAuth, signed URLs, API keys). Their values
// never reach an error, as @octokit/request-error does for `client_secret` and `access_token`.
const SECRET_PARAM =
  /([?&](?:access_token|id_token|refresh_token|token|client_secret|secret|api_key|apikey|key|password|passwd|signature|sig|code|auth)=)[^&#]*/gi;
// `https://user:password@host` — userinfo is a credential too.
const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i;

/** A URL or path with credential-bearing query values and userinfo replaced by `[REDACTED]`. */
export function redactUrl(url: string): string {
  return url.replace(USERINFO, `$1${REDACTED}@`).replace(SECRET_PARAM, `$1${REDACTED}`);
}

/** Header names whose values are credentials. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);

/** A copy of the headers with credential values replaced, for anything that shows request details. */
export function redactHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value;
  }
  return out;
}

/**
 * Replaces every occurrence of the given secrets in a string, or in the strings of a JSON-like
 * value (a server may echo a bad token back in its message). Returns the input itself when
 * nothing matched, so the common case allocates nothing.
 */
export function scrubSecrets<T>(value: T, secrets: readonly string[]): T {
  const active = secrets.filter((s) => s.length >= 4);
  if (active.length === 0) return value;
  return scrub(value, active, 0) as T;
}

function scrub(value: unknown, secrets: readonly string[], depth: number): unknown {
  if (typeof value === 'string') {
    let out = value;
    for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  }
  // Bodies come from JSON.parse, so they are finite trees; the depth bound guards hand-built cycles.
  if (depth > 32 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((item) => {
      const s = scrub(item, secrets, depth + 1);
      if (s !== item) changed = true;
      return s;
    });
    return changed ? next : value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const s = scrub(item, secrets, depth + 1);
    if (s !== item) {
      copy ??= { ...value };
      // defineProperty, not assignment: a key named `__proto__` must stay a plain own property.
      Object.defineProperty(copy, key, { value: s, enumerable: true, writable: true, configurable: true });
    }
  }
  return copy ?? value;
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
  if (!(error instanceof Error)) {
    const text = typeof error === 'string' ? error : `a thrown ${error === null ? 'null' : typeof error}`;
    return plainError(scrubSecrets(text, secrets));
  }
  const copy = plainError(scrubSecrets(error.message, secrets));
  copy.name = scrubSecrets(error.name, secrets);
  copy.stack = scrubSecrets(error.stack ?? '', secrets);
  const code = codeOf(error);
  if (code !== undefined) copy.code = scrubSecrets(code, secrets);
  const causeCode = codeOf(error.cause);
  if (causeCode !== undefined) copy.cause = { code: scrubSecrets(causeCode, secrets) };
  return copy;
}

function codeOf(value: unknown): string | undefined {
  const code = (value as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
