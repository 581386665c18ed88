import type { ClientPlan, SoakSize } from './planSoak';
import { seededRandom } from './seededRandom';

/** A stretch of time an outbox client spends offline. */
export interface OfflineSpell {
  /** Begins once the client has made this many writes. */
  readonly afterWrites: number;
  readonly durationMs: number;
  /** Writes each lane makes offline before it waits for the network, as a person gives up after a few. */
  readonly burst: number;
  /**
   * Whether another writer renames, as the spell begins, a control whose name this client is still
   * writing (picked then, from the lanes still running): a write the client makes on it offline meets
   * the rename as a conflict when it is sent.
   */
  readonly rival: boolean;
}

/** What happens to one outbox client's page and network, decided by the seed. */
export interface OfflinePlan {
  readonly client: number;
  /** Every write the client makes: edits, creates, the creator's edits, deletions. */
  readonly writes: number;
  readonly spells: readonly OfflineSpell[];
  /** The page reloads once the client has made this many writes (the outbox's storage survives). */
  readonly reloads: readonly number[];
  /** Seeds the client's lost answers, the outbox's jitter and the choices between mine and theirs. */
  readonly seed: number;
}

/** Share of offline spells during which another writer renames a control the client writes. */
const RIVAL_RATE = 0.7;

const writesOf = (plan: ClientPlan) =>
  plan.edits.reduce((sum, lane) => sum + lane.intents, 0) +
  plan.creates.reduce((sum, create) => sum + 1 + create.nameEdits, 0) +
  plan.deletions.length;

/** Distinct trigger points in [1, writes - 1], ascending: a trigger at the last write would come too late. */
function triggers(random: ReturnType<typeof seededRandom>, count: number, writes: number): number[] {
  const points = new Set<number>();
  for (let tries = 0; points.size < Math.min(count, writes - 1) && tries < 100; tries++)
    points.add(random.int(1, writes - 1));
  return [...points].sort((a, b) => a - b);
}

/**
 * Which clients write through an outbox, and their offline spells and reloads. Drawn from a stream of
 * its own, after the plan's: the rest of the workload stays what the seed made it before outboxes.
 */
export function planOffline(seed: number, size: SoakSize, clients: readonly ClientPlan[]): OfflinePlan[] {
  const random = seededRandom(seed * 104_729 + 7);
  const chosen = new Set<number>();
  while (chosen.size < Math.min(size.outboxClients, clients.length))
    chosen.add(random.int(0, clients.length - 1));
  return clients
    .filter((client) => chosen.has(client.index))
    .map((client) => {
      const writes = writesOf(client);
      const spells = triggers(random, size.offlineSpells, writes).map(
        (afterWrites): OfflineSpell => ({
          afterWrites,
          durationMs: random.int(size.offlineMs[0], size.offlineMs[1]),
          burst: random.int(1, 3),
          rival: random() < RIVAL_RATE,
        }),
      );
      return {
        client: client.index,
        writes,
        spells,
        reloads: triggers(random, size.reloads, writes),
        seed: random.int(1, 2 ** 31 - 1),
      };
    });
}
