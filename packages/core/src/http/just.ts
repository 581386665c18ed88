import { defer, type Observable } from 'rxjs';

/**
 * `of(value)`, one value then complete, synchronously. rxjs's `of` and `from` take an optional
 * scheduler, so importing either brings all of rxjs's `scheduled*` code (about 0.5 kB gzip) into
 * every bundle; `defer` over a one-element array emits the same way without it.
 */
export function just<T>(value: T): Observable<T> {
  return defer(() => [value]);
}
