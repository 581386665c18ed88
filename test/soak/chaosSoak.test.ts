import { describe, expect, it } from 'vitest';
import { runSoak, type SoakReport } from './runSoak';
import { replayCommand, soakConfig } from './soakConfig';

const config = soakConfig();

function outbox(r: SoakReport): string {
  const o = r.outbox;
  const writes = o.writes.update + o.writes.create + o.writes.delete;
  return (
    `outbox: ${o.clients} clients, ${writes} writes (${o.writes.update} updates, ${o.writes.create} creates, ` +
    `${o.writes.delete} deletions): ${o.landed} landed, failed ${JSON.stringify(o.failed)}, ${o.theirs} dropped as theirs; ` +
    `${o.conflicts} conflicts (${o.mine} resolved mine, ${o.rivalEdits} renames by another writer); ` +
    `${o.offlineSpells} offline spells (${o.refused} requests refused offline), ${o.reloads} reloads ` +
    `(${o.restored} entries restored after they landed), ${o.lostAnswers.dropped + o.lostAnswers.serverErrors} answers lost ` +
    `(${o.lostAnswers.dropped} dropped after commit, ${o.lostAnswers.serverErrors}×5xx), ${o.paceTimeouts} pacing timeouts, ` +
    `slowest write stored after ${(o.slowestStore.ms / 1000).toFixed(1)} s (${o.slowestStore.what}), ` +
    `${o.inEarlierPageWindow} requests inside an earlier page's Retry-After`
  );
}

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
    `${outbox(r)}; ` +
    `${r.losses.lostWrites} lost writes, ${r.losses.duplicateCreates} duplicate creates, ${r.losses.duplicateWrites} writes landed twice, ` +
    `${r.losses.outOfOrder} out of order, ${r.losses.regressions} regressions; ` +
    `${r.appRetries} app repeats, polls ${JSON.stringify(r.polls)} (closest to its bound: ${r.pollOverrunMs} ms), ` +
    `surfaced ${JSON.stringify(r.surfaced)}, ${r.checks} invariant checks, ${r.violations.length} failures, ${(r.ms / 1000).toFixed(1)} s ` +
    `(workload ${(r.phases.workMs / 1000).toFixed(1)} s, drain ${(r.phases.drainMs / 1000).toFixed(1)} s, convergence ${(r.phases.convergeMs / 1000).toFixed(1)} s)`
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
    // Outbox clients went offline, reloaded and lost answers after commit, and wrote all the same.
    expect(report.outbox.offlineSpells).toBeGreaterThan(0);
    expect(report.outbox.reloads).toBeGreaterThan(0);
    expect(report.outbox.lostAnswers.dropped).toBeGreaterThan(0);
    expect(report.outbox.landed).toBeGreaterThan(0);
    // Another writer renamed what an outbox client had changed offline: conflicts were held and resolved.
    expect(report.outbox.conflicts).toBeGreaterThan(0);
    expect(report.losses).toEqual({
      lostWrites: 0,
      duplicateCreates: 0,
      duplicateWrites: 0,
      outOfOrder: 0,
      regressions: 0,
      skippedEvents: 0,
    });
  });
});
