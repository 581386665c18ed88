import type { FaultOptions } from '@vstore/service';
import type { SoakSize } from './planSoak';
import { CI_FAULTS } from './runSoak';

export interface SoakConfig {
  readonly mode: 'short' | 'long';
  readonly seeds: readonly number[];
  readonly size: SoakSize;
  readonly faults: FaultOptions | 'chaos';
}

const SHORT: SoakSize = {
  clients: 4,
  seededControls: 6,
  editsPerLane: [3, 6],
  createsPerClient: 3,
  editsPerCreated: 3,
  readsPerClient: 24,
  deletionsPerClient: 2,
  taskDurationMs: 300,
  outboxClients: 2,
  offlineSpells: 3,
  offlineMs: [300, 2000],
  reloads: 2,
  lostAnswerRate: 0.1,
};

const LONG: SoakSize = {
  clients: 6,
  seededControls: 12,
  editsPerLane: [15, 40],
  createsPerClient: 8,
  editsPerCreated: 10,
  readsPerClient: 150,
  deletionsPerClient: 4,
  taskDurationMs: 400,
  outboxClients: 3,
  offlineSpells: 8,
  offlineMs: [300, 4000],
  reloads: 6,
  lostAnswerRate: 0.1,
};

function parseSeeds(text: string): number[] {
  const seeds = text.split(',').map((s) => Number(s.trim()));
  if (seeds.some((s) => !Number.isSafeInteger(s)))
    throw new TypeError(`SOAK_SEEDS must be integers: ${text}`);
  return seeds;
}

/**
 * From the environment: `SOAK_LONG=1` for the long run (20 seeds unless told), `SOAK_SEEDS=1,2,3`
 * or `SOAK_SEED=n` to choose seeds (e.g. to replay a failing one). CI runs the short mode, 2 seeds.
 */
export function soakConfig(env: Record<string, string | undefined> = process.env): SoakConfig {
  const long = env.SOAK_LONG === '1';
  const chosen = env.SOAK_SEED ?? env.SOAK_SEEDS;
  const seeds = chosen ? parseSeeds(chosen) : long ? Array.from({ length: 20 }, (_, i) => i + 1) : [1, 2];
  return {
    mode: long ? 'long' : 'short',
    seeds,
    size: long ? LONG : SHORT,
    faults: long ? 'chaos' : CI_FAULTS,
  };
}

/** The command that replays one seed in the same mode. */
export function replayCommand(config: SoakConfig, seed: number): string {
  return `${config.mode === 'long' ? 'SOAK_LONG=1 ' : ''}SOAK_SEED=${seed} pnpm vitest run --project soak test/soak/chaosSoak.test.ts`;
}
