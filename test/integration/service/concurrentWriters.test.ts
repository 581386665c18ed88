import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, type Running, start } from './support';

const WRITERS = 8;
const DURATION_MS = 2000;

describe('concurrent writers on one spend control', () => {
  let s: Running;
  beforeAll(async () => {
    s = await start({ rateLimit: false, writeDelayMs: 15 });
  });
  afterAll(() => s.close());

  it('loses no write: final version = 1 + the number of 200s, every other answer a 409 with correct details', async () => {
    const answers: { name: string; answer: Answer }[] = [];
    const deadline = Date.now() + DURATION_MS;
    const writer = async (w: number): Promise<void> => {
      // Bounded by the deadline; each iteration waits for one answer.
      for (let n = 0; Date.now() < deadline; n += 1) {
        const name = `writer ${w} #${n}`;
        answers.push({ name, answer: await s.api('PATCH', '/spend_controls/sc_1', { body: { name } }) });
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));

    const ok = answers.filter((a) => a.answer.status === 200);
    const conflicts = answers.filter((a) => a.answer.status === 409);
    expect(ok.length + conflicts.length).toBe(answers.length);
    expect(conflicts.length).toBeGreaterThan(0);

    const latest = await s.api('GET', '/spend_controls/sc_1');
    const final = latest.body.version as number;
    expect(final).toBe(1 + ok.length);

    // Every committed version belongs to exactly one 200, and history holds what that writer sent.
    const committed = new Map(ok.map((a) => [a.answer.body.version as number, a.name]));
    expect([...committed.keys()].sort((a, b) => a - b)).toEqual(
      Array.from({ length: ok.length }, (_, i) => i + 2),
    );
    const history = (await s.api('GET', '/spend_controls/sc_1/history')).body.data as {
      version: number;
      name: string;
    }[];
    expect(history).toHaveLength(final);
    for (const v of history.slice(1)) expect(v.name).toBe(committed.get(v.version));
    expect(latest.body.name).toBe(committed.get(final));

    for (const { answer } of conflicts) {
      const details = answer.body.details as Record<string, number | string>;
      expect(answer.body.type).toBe('ConcurrentUpdate');
      expect(details.object_type).toBe('spend_control');
      expect(details.object_id).toBe('sc_1');
      const expected = details.expected_version as number;
      const found = details.found_version as number;
      expect(found).toBeGreaterThan(expected);
      // Both versions really existed: the one read, and one committed by another writer meanwhile.
      expect(expected === 1 || committed.has(expected)).toBe(true);
      expect(committed.has(found)).toBe(true);
    }
    console.info(
      `concurrent writers: ${answers.length} PATCHes, ${ok.length} × 200, ${conflicts.length} × 409`,
    );
  });
});
