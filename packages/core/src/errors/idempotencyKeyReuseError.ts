/** An idempotency key was offered again with a different body; the service would answer 422. Decided on the client, so not an `ApiError`: no response caused it. */
export class IdempotencyKeyReuseError extends Error {
  override name = 'IdempotencyKeyReuseError';
  readonly idempotencyKey: string;
  constructor(idempotencyKey: string) {
    super(
      `Idempotency key ${idempotencyKey} was already used with a different body. ` +
        'Use a new key for a new request; reuse a key only to repeat the identical request.',
    );
    this.idempotencyKey = idempotencyKey;
  }
}
