import { defer, filter, Observable, take } from 'rxjs';
import { just } from '../http/just';

/** Whether the page is hidden, and when that may have changed. */
export interface VisibilitySource {
  /** True while the page is hidden (a poll with `pauseWhenHidden` then holds its next read). */
  isHidden(): boolean;
  /** Emits when the visibility may have changed. */
  readonly changes: Observable<unknown>;
}

/** The document's visibility, or `undefined` outside a browser. */
export function documentVisibility(): VisibilitySource | undefined {
  const doc = (globalThis as { document?: Document }).document;
  if (doc === undefined || typeof doc.addEventListener !== 'function') return undefined;
  // A listener for as long as someone waits: rxjs's `fromEvent` would do the same, but it brings
  // code for every kind of event target (Node emitters, jQuery, arrays of targets) into the bundle.
  const changes = new Observable<Event>((subscriber) => {
    const listener = (event: Event) => subscriber.next(event);
    doc.addEventListener('visibilitychange', listener);
    return () => doc.removeEventListener('visibilitychange', listener);
  });
  return { isHidden: () => doc.visibilityState === 'hidden', changes };
}

/** Emits once the page is visible: at once when it is, else on the first change to visible. */
export function whenVisible(source: VisibilitySource | undefined): Observable<unknown> {
  return defer(() =>
    source?.isHidden()
      ? source.changes.pipe(
          filter(() => !source.isHidden()),
          take(1),
        )
      : just(0),
  );
}
