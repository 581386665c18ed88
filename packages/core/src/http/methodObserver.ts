import { config } from 'rxjs';

/** An object whose methods receive a subscription's events. */
interface MethodObserver<T> {
  next(value: T): void;
  error(error: unknown): void;
  complete?(): void;
}

/**
 * `target` as an rxjs observer. rxjs calls an observer object's methods on the object itself, so a
 * class instance can observe with no closures of its own. The exception: under rxjs's deprecated
 * global `config.useDeprecatedNextContext`, it calls them on a copy (`Object.create`), where what a
 * method writes to `this` would never reach the target; then the calls are forwarded to it.
 */
export function methodObserver<T>(target: MethodObserver<T>): MethodObserver<T> {
  if (!config.useDeprecatedNextContext) return target;
  return {
    next: (value) => target.next(value),
    error: (error) => target.error(error),
    complete: () => target.complete?.(),
  };
}
