import type { Entity, EntityOrder } from './types';

const TERMINAL = 2;

/** pending 0 < running 1 < terminal 2; an unknown status counts as non-terminal work in progress. */
export const taskStatusRank = (status: unknown): number =>
  status === 'pending'
    ? 0
    : status === 'completed' || status === 'failed' || status === 'cancelled'
      ? TERMINAL
      : 1;

/**
 * Orders task snapshots, which carry no version, by status. A terminal status is final: nothing,
 * not even another terminal status, replaces it. Equal ranks count as the same state, so a reordered
 * pair of equally ranked replies cannot flip-flop.
 */
export function compareTasks(incoming: Entity, held: Entity): number {
  const heldRank = taskStatusRank(held.status);
  if (heldRank === TERMINAL) return incoming.status === held.status ? 0 : -1;
  return taskStatusRank(incoming.status) - heldRank;
}

/** The orders every store starts with: the contract's built-in `task` type, ordered by status. */
export const BUILT_IN_ORDERS: Readonly<Record<string, EntityOrder>> = { task: compareTasks };
