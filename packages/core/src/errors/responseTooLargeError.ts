/**
 * A response body (success or error) longer than the client's `maxResponseBytes`. Reading stopped at
 * the limit; nothing was parsed or stored, and the call is not retried: the same request would get
 * the same body. Not an `ApiError`: the service's answer was never read.
 */
export class ResponseTooLargeError extends Error {
  override name = 'ResponseTooLargeError';
  /** The limit that was passed (`maxResponseBytes`). */
  readonly limitBytes: number;
  /** HTTP status of the response whose body was too long. */
  readonly status: number;
  /** `where`: the method and endpoint, when known (redacted, without the origin). */
  constructor(limitBytes: number, status: number, where?: string) {
    super(
      `${where === undefined ? 'A response' : `The response to ${where}`} (status ${status}) is longer than ` +
        `maxResponseBytes (${limitBytes} bytes); it was not read further and nothing was stored. ` +
        'Ask for less (a narrower request), or raise maxResponseBytes if such bodies are expected.',
    );
    this.limitBytes = limitBytes;
    this.status = status;
  }
}
