import { describe, expect, it } from 'vitest';
import { createEntityStore } from '../entityStore';
import { compareTasks, taskStatusRank } from '../taskOrder';
import type { Entity } from '../types';

const task = (status: string, extra: Record<string, unknown> = {}) =>
  Object.freeze({ task_id: 't_1', status, ...extra });

describe('taskStatusRank', () => {
  it('ranks pending < running < terminal, unknown statuses like running', () => {
    expect(['pending', 'running', 'queued', 'completed', 'failed', 'cancelled'].map(taskStatusRank)).toEqual([
      0, 1, 1, 2, 2, 2,
    ]);
  });
});

describe('compareTasks', () => {
  it('moves forward by rank and treats a terminal status as final', () => {
    expect(compareTasks(task('running'), task('pending'))).toBeGreaterThan(0);
    expect(compareTasks(task('pending'), task('running'))).toBeLessThan(0);
    expect(compareTasks(task('running'), task('running'))).toBe(0);
    expect(compareTasks(task('queued'), task('running'))).toBe(0);
    expect(compareTasks(task('completed'), task('completed'))).toBe(0);
    expect(compareTasks(task('failed'), task('completed'))).toBeLessThan(0);
    expect(compareTasks(task('running'), task('cancelled'))).toBeLessThan(0);
  });
});

describe('store ordering of tasks', () => {
  it('never moves a task back, although tasks carry no version', () => {
    const store = createEntityStore();
    expect(store.apply('task', 't_1', task('running'))).toBe('applied');
    expect(store.apply('task', 't_1', task('pending'))).toBe('stale');
    expect(store.apply('task', 't_1', task('running'))).toBe('duplicate');
    expect(store.apply('task', 't_1', task('completed'))).toBe('applied');
    expect(store.apply('task', 't_1', task('failed'))).toBe('stale');
    expect(store.get('task', 't_1')?.status).toBe('completed');
  });

  it('accepts a custom order per type, and version order stays the default elsewhere', () => {
    const bySeq = (a: Entity, b: Entity) => (a.seq as number) - (b.seq as number);
    const store = createEntityStore({ order: { cursor: bySeq } });
    expect(store.apply('cursor', 'c', { seq: 5 })).toBe('applied');
    expect(store.apply('cursor', 'c', { seq: 4 })).toBe('stale');
    expect(store.apply('task', 't_1', task('pending'))).toBe('applied');
    expect(() => store.apply('account', 'a', { seq: 1 })).toThrow(TypeError);
  });
});
