/**
 * The default of `PollOptions.maxDurationMs`, apart from the polling engine: `tasks.poll` counts the
 * engine's load against it before the engine (a chunk loaded on demand) is in.
 */
export const MAX_POLL_DURATION_MS = 600_000;
