import { config } from 'rxjs';

/**
 * Reports an error no caller can be handed (a listener threw while a promise that never rejects was
 * settling) the way RxJS reports its own: to `config.onUnhandledError` when the app set one, else
 * thrown from a timer, where the page's error handler (or Node's) sees it. Never lost, never thrown
 * into the work that was being told.
 */
export function reportUnhandled(error: unknown): void {
  const report = config.onUnhandledError;
  if (report) report(error);
  else
    setTimeout(() => {
      throw error;
    });
}
