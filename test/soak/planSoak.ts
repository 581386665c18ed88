import type { SeedAccount, SeedSpendControl, TaskOutcome } from '@vstore/service';
import { seededRandom } from './seededRandom';

/** How much work one soak run does. */
export interface SoakSize {
  readonly clients: number;
  readonly seededControls: number;
  /** Intents per (control, field) lane, drawn in [min, max]. Names hold at most 200 characters. */
  readonly editsPerLane: readonly [number, number];
  readonly createsPerClient: number;
  /** Name edits the creator makes on each control it created. */
  readonly editsPerCreated: number;
  readonly readsPerClient: number;
  readonly deletionsPerClient: number;
  /** Time a deletion task takes on the service. */
  readonly taskDurationMs: number;
  /** Clients that write through an outbox (`@vstore/core/offline`), with offline spells and reloads. */
  readonly outboxClients: number;
  /** Offline spells per outbox client, each lasting a time drawn from `offlineMs`. */
  readonly offlineSpells: number;
  readonly offlineMs: readonly [number, number];
  /** Page reloads per outbox client. */
  readonly reloads: number;
  /** Chance that a write (any outbox client's, a direct client's PATCH), committed, loses its answer on the way back. */
  readonly lostAnswerRate: number;
}

/** One writer per field of a control, so each field's final value is known (see docs in runSoak). */
export type EditField = 'name' | 'limit' | 'status';

export interface EditLane {
  readonly control: string;
  readonly field: EditField;
  readonly intents: number;
}

export interface CreatePlan {
  readonly key: string;
  readonly name: string;
  readonly amount: number;
  readonly nameEdits: number;
}

export interface ReadPlan {
  readonly kind: 'latest' | 'version' | 'history';
  readonly control: string;
  /** Which historical version, as a fraction of the versions known when the read starts. */
  readonly fraction: number;
}

export interface PollBounds {
  readonly intervalMs: number;
  readonly factor: number;
  readonly maxIntervalMs: number;
  readonly maxAttempts: number;
  readonly maxDurationMs: number;
}

export interface DeletionPlan {
  readonly account: string;
  readonly outcome: TaskOutcome;
  readonly bounds: PollBounds;
  /** Bounds too tight for the task's duration: the poll must end with PollTimeoutError, on time. */
  readonly tight: boolean;
}

export interface ClientPlan {
  readonly index: number;
  readonly token: string;
  readonly edits: readonly EditLane[];
  readonly creates: readonly CreatePlan[];
  readonly reads: readonly ReadPlan[];
  readonly deletions: readonly DeletionPlan[];
}

export interface SoakPlan {
  readonly seed: number;
  readonly size: SoakSize;
  readonly clients: readonly ClientPlan[];
  readonly accounts: readonly SeedAccount[];
  readonly controls: readonly SeedSpendControl[];
  readonly outcomes: ReadonlyMap<string, TaskOutcome>;
}

export const CONTROL_ACCOUNT = 'acc_main';
export const INITIAL_AMOUNT = 100;
export const INITIAL_NAME = 'n';
const FIELDS: readonly EditField[] = ['name', 'limit', 'status'];
const NORMAL: PollBounds = {
  intervalMs: 50,
  factor: 1.5,
  maxIntervalMs: 250,
  maxAttempts: 40,
  maxDurationMs: 8000,
};
const TIGHT: PollBounds = {
  intervalMs: 40,
  factor: 1,
  maxIntervalMs: 40,
  maxAttempts: 2,
  maxDurationMs: 4000,
};

/** The whole workload of one run, decided by the seed alone. */
export function planSoak(seed: number, size: SoakSize): SoakPlan {
  const random = seededRandom(seed);
  const controls: SeedSpendControl[] = [];
  for (let i = 1; i <= size.seededControls; i++) {
    controls.push({
      spend_control_id: `sc_soak_${i}`,
      name: INITIAL_NAME,
      status: 'active',
      limit: { amount: INITIAL_AMOUNT, currency: 'USD' },
      interval: 'monthly',
      account_id: CONTROL_ACCOUNT,
    });
  }
  const lanes: EditLane[][] = Array.from({ length: size.clients }, () => []);
  for (const control of controls) {
    for (const field of FIELDS) {
      const intents = random.int(size.editsPerLane[0], size.editsPerLane[1]);
      lanes[random.int(0, size.clients - 1)]?.push({ control: control.spend_control_id, field, intents });
    }
  }
  const accounts: SeedAccount[] = [{ account_id: CONTROL_ACCOUNT, name: 'Soak', currency: 'USD' }];
  const outcomes = new Map<string, TaskOutcome>();
  const clients: ClientPlan[] = [];
  for (let index = 0; index < size.clients; index++) {
    const creates: CreatePlan[] = [];
    for (let n = 1; n <= size.createsPerClient; n++) {
      creates.push({
        key: `soak-${seed}-c${index}-${n}`,
        name: `c${index}`,
        amount: random.int(1, 900),
        nameEdits: size.editsPerCreated,
      });
    }
    const reads: ReadPlan[] = [];
    for (let n = 0; n < size.readsPerClient; n++) {
      const roll = random();
      reads.push({
        kind: roll < 0.5 ? 'latest' : roll < 0.8 ? 'version' : 'history',
        control: random.pick(controls).spend_control_id,
        fraction: random(),
      });
    }
    const deletions: DeletionPlan[] = [];
    for (let n = 1; n <= size.deletionsPerClient; n++) {
      const account = `acc_del_${index}_${n}`;
      const roll = random();
      const outcome: TaskOutcome = roll < 0.6 ? 'completed' : roll < 0.8 ? 'failed' : 'cancelled';
      const tight = random() < 0.2;
      accounts.push({ account_id: account, name: `Closing ${index}.${n}`, currency: 'USD' });
      outcomes.set(account, outcome);
      deletions.push({ account, outcome, tight, bounds: tight ? TIGHT : NORMAL });
    }
    clients.push({
      index,
      token: `soak-token-${index}`,
      edits: lanes[index] ?? [],
      creates,
      reads,
      deletions,
    });
  }
  return { seed, size, clients, accounts, controls, outcomes };
}

/** What intent number `k` (1-based) of a lane asks for. Every intent is absolute, so repeating one is harmless. */
export const intentToken = (k: number): string => k.toString(36);
export const intentAmount = (k: number): number => INITIAL_AMOUNT + k;
export const intentStatus = (k: number): 'active' | 'paused' => (k % 2 === 1 ? 'paused' : 'active');
