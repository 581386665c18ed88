import type { Task } from '../resources/tasks';

// Outcomes decided on the client side. None of these is an ApiError: no response caused them.

/** A polled task reached `failed`. */
export class TaskFailedError extends Error {
  static {
    TaskFailedError.prototype.name = 'TaskFailedError';
  }
  readonly task: Task;
  constructor(task: Task) {
    super(`Task ${task.task_id} failed. Inspect error.task for the service's account of why.`);
    this.task = task;
  }
}

/** A polled task reached `cancelled`. */
export class TaskCancelledError extends Error {
  static {
    TaskCancelledError.prototype.name = 'TaskCancelledError';
  }
  readonly task: Task;
  constructor(task: Task) {
    super(`Task ${task.task_id} was cancelled before it finished.`);
    this.task = task;
  }
}

/** Polling ran out of attempts or time before a terminal state. The work may still finish. */
export class PollTimeoutError extends Error {
  static {
    PollTimeoutError.prototype.name = 'PollTimeoutError';
  }
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

/** A patch named fields that are not valid for update. Raised before any request. */
export class InvalidUpdateError extends Error {
  static {
    InvalidUpdateError.prototype.name = 'InvalidUpdateError';
  }
  /** The offending field names. */
  readonly fields: readonly string[];
  constructor(type: string, fields: readonly string[], allowed: readonly string[]) {
    super(
      `Cannot update ${fields.join(', ')} on ${type}: only ${allowed.join(', ')} are valid for update. ` +
        'Build the patch from the fields you change, not from a copy of the read model.',
    );
    this.fields = fields;
  }
}

/** An idempotency key was offered again with a different body; the service would answer 422. */
export class IdempotencyKeyReuseError extends Error {
  static {
    IdempotencyKeyReuseError.prototype.name = 'IdempotencyKeyReuseError';
  }
  readonly idempotencyKey: string;
  constructor(idempotencyKey: string) {
    super(
      `Idempotency key ${idempotencyKey} was already used with a different body. ` +
        'Use a new key for a new request; reuse a key only to repeat the identical request.',
    );
    this.idempotencyKey = idempotencyKey;
  }
}

/** A webhook payload whose schema major this client does not support. The store is untouched. */
export class UnsupportedSchemaVersionError extends Error {
  static {
    UnsupportedSchemaVersionError.prototype.name = 'UnsupportedSchemaVersionError';
  }
  readonly schemaVersion: string;
  constructor(schemaVersion: string, supportedMajors: readonly string[]) {
    super(
      `Webhook schema_version ${schemaVersion} is not supported (supported majors: ${supportedMajors.join(', ')}). ` +
        'Upgrade the client to read this payload.',
    );
    this.schemaVersion = schemaVersion;
  }
}

/**
 * A response body (success or error) longer than the client's `maxResponseBytes`. Reading stopped at
 * the limit; nothing was parsed or stored, and the call is not retried: the same request would get
 * the same body. Not an `ApiError`: the service's answer was never read.
 */
export class ResponseTooLargeError extends Error {
  static {
    ResponseTooLargeError.prototype.name = 'ResponseTooLargeError';
  }
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

/**
 * An edit with `onConflict: 'abort'` found that another writer changed, since the edit's base, a
 * field its recipe also changes, to another value. Nothing more was sent. Not an `ApiError`: the
 * client decided this from states it read, whether or not a 409 led there.
 */
export class EditConflictError<TEntity = unknown> extends Error {
  static {
    EditConflictError.prototype.name = 'EditConflictError';
  }
  /** The overlapping fields only: changed by both sides, to different values. */
  readonly fields: readonly string[];
  /** The state the edit started from (its recipe's first input). */
  readonly base: TEntity;
  /** What the recipe made of `base`. */
  readonly mine: TEntity;
  /** The latest state, with the other writer's change. */
  readonly theirs: TEntity;
  constructor(
    type: string,
    id: string,
    fields: readonly string[],
    states: { base: TEntity; mine: TEntity; theirs: TEntity },
  ) {
    const version = (entity: unknown) => String((entity as { version?: unknown }).version ?? '?');
    super(
      `Another writer changed ${fields.join(', ')} of ${type} ${id} since version ${version(states.base)} ` +
        `(now version ${version(states.theirs)}), and this edit changes ${fields.length > 1 ? 'them' : 'it'} too; ` +
        'nothing was sent. Show base, yours and theirs, and let the user keep one before editing again.',
    );
    this.fields = fields;
    this.base = states.base;
    this.mine = states.mine;
    this.theirs = states.theirs;
  }
}
