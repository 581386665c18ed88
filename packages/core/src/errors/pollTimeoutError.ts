/** Polling ran out of attempts or time before a terminal state. The work may still finish. Decided on the client, so not an `ApiError`: no response caused it. */
export class PollTimeoutError extends Error {
  override name = 'PollTimeoutError';
  readonly attempts: number;
  readonly elapsedMs: number;
  /** The last reply seen, when there was one. */
  readonly lastValue: unknown;
  constructor(attempts: number, elapsedMs: number, lastValue?: unknown) {
    super(
      `Polling stopped after ${attempts} attempts and ${elapsedMs} ms without a terminal state; ` +
        'the operation may still complete: poll again later or raise maxAttempts / maxDurationMs.',
    );
    this.attempts = attempts;
    this.elapsedMs = elapsedMs;
    this.lastValue = lastValue;
  }
}
