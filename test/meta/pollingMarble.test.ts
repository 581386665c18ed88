import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pollTask, type Task } from '@vstore/core';
import { lastValueFrom, of } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { beforeAll, describe, expect, it } from 'vitest';

// The marble diagram of the polling schedule in docs/guide/tasks-and-polling.md is run: its
// `polls` row must be when pollTask reads (default options, replies taken as instant), its
// `replies` row what the reads return, its `emitted` row what pollTask emits, and `|` where it
// completes. One character is 250 ms, so times are compared in frames (rounded to the nearest
// character, as the diagram is drawn). Change the schedule and this fails until the doc follows.
const DOC = resolve(import.meta.dirname, '../../docs/guide/tasks-and-polling.md');
const FRAME_MS = 250;
const LABEL = 10; // width of the row labels ("polls     ")
const STATUS: Record<string, string> = { P: 'pending', R: 'running', C: 'completed' };

interface Diagram {
  polls: string;
  replies: string;
  emitted: string;
}

function parseDiagram(markdown: string): Diagram {
  const block = /```text\ntime[^\n]*\n(polls[^\n]*)\n(replies[^\n]*)\n(emitted[^\n]*)\n```/.exec(markdown);
  if (!block) throw new Error('no polling marble diagram (time / polls / replies / emitted rows)');
  const [polls = '', replies = '', emitted = ''] = block.slice(1).map((row) => row.slice(LABEL));
  return { polls, replies, emitted };
}

const marks = (row: string, pattern: RegExp) =>
  [...row].flatMap((ch, frame) => (pattern.test(ch) ? [{ ch, frame }] : []));
const toFrame = (ms: number) => Math.round(ms / FRAME_MS);

function runDefaultSchedule(statuses: string[]) {
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  scheduler.maxFrames = Number.POSITIVE_INFINITY;
  const reads: number[] = [];
  const emitted: { status: string; frame: number }[] = [];
  let completedAt: number | undefined;
  pollTask(
    () => {
      reads.push(toFrame(scheduler.now()));
      const status = statuses[reads.length - 1] ?? 'completed';
      return of({ task_id: 't_1', status } as Task);
    },
    { scheduler },
  ).subscribe({
    next: (task) => emitted.push({ status: task.status, frame: toFrame(scheduler.now()) }),
    complete: () => {
      completedAt = toFrame(scheduler.now());
    },
  });
  scheduler.flush();
  return { reads, emitted, completedAt };
}

// pollTask loads its engine on the first poll of the page; a TestScheduler does not drive an import.
// As docs/guide/testing.md says, the first poll runs in real time (a task already completed).
beforeAll(() => lastValueFrom(pollTask(() => of({ task_id: 't_0', status: 'completed' } as Task))));

describe('docs: the polling marble diagram', () => {
  it('is the schedule pollTask follows with its defaults', () => {
    const diagram = parseDiagram(readFileSync(DOC, 'utf8'));
    const polls = marks(diagram.polls, /[a-z]/);
    const replies = polls.map(({ frame }) => diagram.replies[frame] ?? '?');
    const run = runDefaultSchedule(replies.map((r) => STATUS[r] ?? r));

    expect(run.reads).toEqual(polls.map((p) => p.frame));
    expect(run.emitted).toEqual(
      marks(diagram.emitted, /[A-Z]/).map(({ ch, frame }) => ({ status: STATUS[ch], frame })),
    );
    // `C|`: completion right after the terminal status, at the same time.
    expect(run.completedAt).toBe(diagram.emitted.indexOf('|') - 1);
  });

  it('notices a diagram that is off by one frame', () => {
    const diagram = parseDiagram(readFileSync(DOC, 'utf8'));
    const shifted = diagram.polls.replace('-b', 'b-');
    const polls = marks(shifted, /[a-z]/);
    const run = runDefaultSchedule(['pending', 'pending', 'running', 'running', 'running', 'completed']);
    expect(run.reads).not.toEqual(polls.map((p) => p.frame));
  });
});
