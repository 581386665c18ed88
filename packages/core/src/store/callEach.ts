/**
 * Calls every listener, each isolated from the others: what they throw surfaces afterwards as one
 * `AggregateError` (after any `errors` already collected), so one broken listener never starves
 * the rest. The set may change while it runs (a listener that unsubscribes itself).
 */
export function callEach<T>(listeners: Iterable<(value: T) => void>, value: T, errors?: unknown[]): void {
  const known = errors?.length ?? 0;
  for (const listener of listeners) {
    try {
      listener(value);
    } catch (error) {
      errors ??= [];
      errors.push(error);
    }
  }
  if (errors && errors.length > known) throw new AggregateError(errors, 'listeners threw');
}
