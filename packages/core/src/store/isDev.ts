/**
 * True unless NODE_ENV is 'production'. The literal `process.env.NODE_ENV` is what bundlers replace
 * (Vite, webpack, esbuild `define`), so it is read as is; where nothing replaced it and there is no
 * `process` global (a browser), the ReferenceError means development, as React assumes.
 * Called once per store, never on the hot path (`process.env` reads are slow in Node).
 */
export function isDev(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return true;
  }
}
