import { describe, expect, it } from 'vitest';
import { runSoak, type SoakReport } from './runSoak';
import { replayCommand, soakConfig } from './soakConfig';

const config = soakConfig();

function summary(r: SoakReport): string {
  const f = r.faults;
  const e = r.eventStreams;
  return (
    `seed ${r.seed}: ${r.operations} operations, ${r.requests} requests, faults ` +
    `${f.rateLimited}×429 ${f.serverErrors}×5xx ${f.conflicts}×409 ${f.duplicatedWebhooks} duplicated webhooks ` +
    `(${f.refusedEvents} stale/duplicate events refused), ${r.conflictRetries} edits re-run after 409, ` +
    `${r.lostAnswers.patches} PATCH answers lost: ${r.lostAnswers.reconciled} reconciled (answer lost, write landed), ` +
    `${r.lostAnswers.outcomeUnknown} outcome unknown (repeated); ` +
    `event streams: ${e.streams} opened, ${e.cuts} cut mid-block, ${e.ingested} deliveries reached the gates ` +
    `(${e.refused} refused as duplicate/stale, ${e.repeated} ingested twice, ${e.gaps} gaps), ${r.losses.skippedEvents} skipped, ` +
    `${e.inCooldown} reconnects inside another request's Retry-After; ` +
    `${r.losses.lostWrites} lost writes, ${r.losses.duplicateCreates} duplicate creates, ${r.losses.regressions} regressions; ` +
    `${r.appRetries} app repeats, polls ${JSON.stringify(r.polls)} (closest to its bound: ${r.pollOverrunMs} ms), ` +
    `surfaced ${JSON.stringify(r.surfaced)}, ${r.checks} invariant checks, ${r.violations.length} failures, ${(r.ms / 1000).toFixed(1)} s`
  );
}

describe(`chaos soak (${config.mode}, seeds ${config.seeds.join(',')})`, () => {
  it.each(config.seeds)('keeps every invariant under chaos with seed %i', async (seed) => {
    const report = await runSoak(seed, config.size, config.faults);
    const failures = report.violations.map((v) => `  ${v.invariant}: ${v.detail}`).join('\n');
    console.info(`[soak ${config.mode}] ${summary(report)}${failures ? `\n${failures}` : ''}`);
    expect(
      report.violations,
      `soak seed ${seed} broke ${report.violations.length} invariant(s):\n${failures}\nreplay: ${replayCommand(config, seed)}`,
    ).toEqual([]);
    // The run did what it claims: requests were rate-limited and failed, webhooks duplicated.
    expect(report.faults.rateLimited).toBeGreaterThan(0);
    expect(report.faults.serverErrors).toBeGreaterThan(0);
    expect(report.faults.duplicatedWebhooks).toBeGreaterThan(0);
    // Answers were lost after commit and settled by reading; every lost answer ended one way or the
    // other, and none was resent by the client (a resent PATCH would be a second lost-or-answered one).
    expect(report.lostAnswers.reconciled).toBeGreaterThan(0);
    expect(report.lostAnswers.reconciled + report.lostAnswers.outcomeUnknown).toBe(
      report.lostAnswers.patches,
    );
    // Streams were cut in the middle of events, and every delivery still reached every client's gate.
    expect(report.eventStreams.cuts).toBeGreaterThan(0);
    expect(report.losses).toEqual({ lostWrites: 0, duplicateCreates: 0, regressions: 0, skippedEvents: 0 });
  });
});
