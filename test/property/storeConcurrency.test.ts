import { createEntityStore } from '@vstore/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/**
 * Concurrent sources for one key, interleaved by fc.scheduler in every order: slow poll replies
 * (each snapshots the server when its request starts), pushes (one per server write) and a delete.
 * The same property runs against the store and against two classic buggy designs, to show it bites.
 */
interface Sink {
  poll(): unknown;
  deliverPoll(entity: { version: number }, token: unknown): void;
  deliverPush(entity: { version: number }): void;
  remove(): void;
  read(): number | undefined;
}

type Command = 'poll' | 'write' | 'delete';
const ID = 'sc_1';
const T = 'spend_control';
const command = fc.oneof(
  { arbitrary: fc.constant<Command>('poll'), weight: 3 },
  { arbitrary: fc.constant<Command>('write'), weight: 2 },
  { arbitrary: fc.constant<Command>('delete'), weight: 1 },
);

function storeSink(observed: (number | undefined)[]): Sink {
  const store = createEntityStore();
  store.apply(T, ID, { version: 1 });
  // What a subscriber sees, read at each notification.
  store.subscribe(T, ID, () => observed.push(store.get<{ version: number }>(T, ID)?.version));
  return {
    poll: () => undefined,
    deliverPoll: (entity) => store.apply(T, ID, entity, 'response'),
    deliverPush: (entity) => store.apply(T, ID, entity, 'event'),
    remove: () => store.remove(T, ID),
    read: () => store.get<{ version: number }>(T, ID)?.version,
  };
}

/** Bug 1: a poll reply is compared with the version held when the request started, not the one held now. */
function capturedVersionSink(): Sink {
  let held: number | undefined = 1;
  let removed = false;
  return {
    poll: () => held ?? 0,
    deliverPoll: (entity, token) => {
      if (!removed && entity.version > (token as number)) held = entity.version;
    },
    deliverPush: (entity) => {
      if (!removed && entity.version > (held ?? 0)) held = entity.version;
    },
    remove: () => {
      removed = true;
      held = undefined;
    },
    read: () => held,
  };
}

/** Bug 2: the gate is right, but remove forgets the key instead of leaving a tombstone. */
function noTombstoneSink(): Sink {
  let held: number | undefined = 1;
  const gate = (entity: { version: number }) => {
    if (entity.version > (held ?? 0)) held = entity.version;
  };
  return {
    poll: () => undefined,
    deliverPoll: gate,
    deliverPush: gate,
    remove: () => {
      held = undefined;
    },
    read: () => held,
  };
}

async function runScenario(s: fc.Scheduler, commands: Command[], sink: Sink, sees: (number | undefined)[]) {
  const server = { version: 1, deleted: false };
  const states: (number | undefined)[] = [sink.read()];
  const after = (fn: () => void) => {
    fn();
    states.push(sink.read());
  };
  for (const cmd of commands) {
    void s.schedule(Promise.resolve(cmd), `start ${cmd}`).then(() => {
      if (server.deleted) return undefined; // a deleted resource answers 404 and emits nothing
      if (cmd === 'poll') {
        const token = sink.poll();
        const reply = { version: server.version };
        return s
          .schedule(Promise.resolve(reply), `poll reply v${reply.version}`)
          .then((r) => after(() => sink.deliverPoll(r, token)));
      }
      if (cmd === 'write') {
        server.version++;
        const event = { version: server.version };
        return s
          .schedule(Promise.resolve(event), `push v${event.version}`)
          .then((e) => after(() => sink.deliverPush(e)));
      }
      server.deleted = true;
      return s.schedule(Promise.resolve(), 'delete reply').then(() => after(() => sink.remove()));
    });
  }
  await s.waitIdle();

  // Never regress; once gone, gone for good; without a delete, end at the server's last version.
  let last = 0;
  let gone = false;
  for (const state of states) {
    if (gone) expect(state).toBeUndefined();
    else if (state === undefined) gone = true;
    else {
      expect(state).toBeGreaterThanOrEqual(last);
      last = state;
    }
  }
  if (!server.deleted) expect(sink.read()).toBe(server.version);
  else expect(sink.read()).toBeUndefined();
  for (let i = 1; i < sees.length; i++) {
    expect(sees[i - 1]).toBeDefined();
    if (sees[i] !== undefined) expect(sees[i]).toBeGreaterThan(sees[i - 1] as number);
  }
}

const scenario = (makeSink: (sees: (number | undefined)[]) => Sink) =>
  fc.asyncProperty(
    fc.scheduler(),
    fc.array(command, { minLength: 1, maxLength: 10 }),
    async (s, commands) => {
      const sees: (number | undefined)[] = [];
      await runScenario(s, commands, makeSink(sees), sees);
    },
  );

describe('store under concurrent sources (fc.scheduler)', () => {
  it('never regresses a key nor resurrects a removed one, in any interleaving', async () => {
    await fc.assert(scenario(storeSink), { numRuns: 1000 });
  });

  it('catches a gate that compares with the version captured at request start', async () => {
    const result = await fc.check(scenario(capturedVersionSink), { numRuns: 1000 });
    expect(result.failed).toBe(true);
    // It fails by going back in time (a later state below an earlier one).
    expect(String(result.errorInstance)).toMatch(/to be greater than or equal to/);
  });

  it('catches a remove without a tombstone', async () => {
    const result = await fc.check(scenario(noTombstoneSink), { numRuns: 1000 });
    expect(result.failed).toBe(true);
    // It fails by resurrecting the removed entity.
    expect(String(result.errorInstance)).toMatch(/to be undefined/);
  });
});
