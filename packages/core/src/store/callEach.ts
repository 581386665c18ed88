/**
 * Calls every listener with `value`, each isolated from the others: what one throws is pushed onto
 * `errors` (created on the first throw) and the rest still run. Returns the errors, if any, for
 * `throwCollected`; collecting across several sets first is how the store flushes a batch.
 */
export function callEach<T>(
  listeners: Iterable<(value: T) => void>,
  value: T,
  errors?: unknown[],
): unknown[] | undefined {
  for (const listener of listeners) {
    try {
      listener(value);
    } catch (error) {
      errors ??= [];
      errors.push(error);
    }
  }
  return errors;
}

/** Throws the errors after the first `known` ones as one `AggregateError`, with every error in it. */
export function throwCollected(errors: unknown[] | undefined, message: string, known = 0): void {
  if (errors && errors.length > known) throw new AggregateError(errors, message);
}
