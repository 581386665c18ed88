/**
 * Signs and reads list cursors. A cursor is `<payload>.<mac>`: the payload (base64url JSON) holds
 * the ordinal of the last item a page returned; the mac is HMAC-SHA-256 over the payload and the
 * list's scope (its collection and filter set, not its `limit`), under a secret of this service.
 * So a cursor that was altered, made up, or issued for another collection or filter set is
 * refused, and one cursor serves any `limit`. Web Crypto only: the fetch handler also runs in
 * browsers and workers, where `node:crypto` does not exist.
 */
export interface CursorSigner {
  issue(scope: string, after: number): Promise<string>;
  read(scope: string, cursor: string): Promise<CursorRead>;
}

/** `malformed`: not a cursor at all; `foreign`: a cursor's shape, but not one issued for this list. */
export type CursorRead = { ok: true; after: number } | { ok: false; reason: 'malformed' | 'foreign' };

/** A cursor's shape: a short payload (a real one is about 20 characters) and a 32-byte mac. */
const SHAPE = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/;
const encoder = new TextEncoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The bytes of a base64url text, or undefined unless the text is exactly how `toBase64Url` writes
 * them: a last character that differs only in its unused bits would decode to the same bytes, and
 * an altered cursor must never read as the original.
 */
function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
  return toBase64Url(bytes) === text ? bytes : undefined;
}

const signed = (scope: string, payload: string): Uint8Array<ArrayBuffer> =>
  encoder.encode(`vstore list cursor v1\n${scope}\n${payload}`);

/**
 * `secret` fixes the key, so cursors stay valid across services made with the same one; without
 * it each service draws a random key, and cursors from another run are refused.
 */
export function createCursorSigner(secret?: string): CursorSigner {
  let key: Promise<CryptoKey> | undefined;
  const keyOf = (): Promise<CryptoKey> => {
    key ??= crypto.subtle.importKey(
      'raw',
      secret === undefined ? crypto.getRandomValues(new Uint8Array(32)) : encoder.encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    return key;
  };

  return {
    async issue(scope, after) {
      const payload = toBase64Url(encoder.encode(JSON.stringify({ after })));
      const mac = await crypto.subtle.sign('HMAC', await keyOf(), signed(scope, payload));
      return `${payload}.${toBase64Url(new Uint8Array(mac))}`;
    },

    async read(scope, cursor) {
      const match = SHAPE.exec(cursor);
      const payload = match?.[1] ?? '';
      const mac = match ? fromBase64Url(match[2] as string) : undefined;
      const bytes = fromBase64Url(payload);
      if (!mac || !bytes) return { ok: false, reason: 'malformed' };
      // verify compares in constant time; a forged cursor learns nothing from how long it took.
      const valid = await crypto.subtle.verify('HMAC', await keyOf(), mac, signed(scope, payload));
      if (!valid) return { ok: false, reason: 'foreign' };
      // Signed by this service, so well formed; checked all the same, as any input is.
      let after: unknown;
      try {
        after = (JSON.parse(new TextDecoder().decode(bytes)) as { after?: unknown }).after;
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      return Number.isSafeInteger(after) && (after as number) >= -1
        ? { ok: true, after: after as number }
        : { ok: false, reason: 'malformed' };
    },
  };
}
