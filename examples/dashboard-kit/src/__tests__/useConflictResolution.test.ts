// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { EditConflictError } from '@vstore/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConflictResolution } from '../editConflict';
import { useConflictResolution } from '../react/useConflictResolution';

type Invoice = { invoice_id: string; version: number; total: number; status: string };

const base: Invoice = { invoice_id: 'inv_1', version: 1, total: 10, status: 'draft' };
const mine: Invoice = { ...base, total: 12, status: 'sent' };
const theirs: Invoice = { ...base, version: 2, total: 15 };
const conflictError = () => new EditConflictError('invoice', 'inv_1', ['total'], { base, mine, theirs });

function mount() {
  const apply = vi.fn<(resolution: ConflictResolution<Invoice>, theirs: Invoice) => void>();
  const hook = renderHook(
    ({ error }: { error: unknown }) => useConflictResolution<Invoice>(error, {}, apply),
    {
      initialProps: { error: undefined as unknown },
    },
  );
  return { apply, hook };
}

afterEach(cleanup);

describe('useConflictResolution', () => {
  it('opens on an EditConflictError from the save, and ignores any other error', () => {
    const { hook } = mount();
    expect(hook.result.current.conflict).toBeUndefined();
    hook.rerender({ error: new Error('offline') });
    expect(hook.result.current.conflict).toBeUndefined();
    hook.rerender({ error: conflictError() });
    expect(hook.result.current.rows).toEqual([
      { field: 'total', label: 'total', base: '10', mine: '12', theirs: '15' },
    ]);
  });

  it('hands the resolution to the form once every field has a choice, then closes and says what it did', () => {
    const { hook, apply } = mount();
    hook.rerender({ error: conflictError() });
    act(() => hook.result.current.choose('total', 'theirs'));
    expect(apply).toHaveBeenCalledTimes(1);
    const [resolution, latest] = apply.mock.calls[0] ?? [];
    expect(latest).toBe(theirs);
    expect(resolution).toEqual({ baseVersion: 2, fields: ['status'], next: { ...theirs, status: 'sent' } });
    expect(hook.result.current.conflict).toBeUndefined();
    expect(hook.result.current.resolved).toBe(
      'Took theirs for total. Save to write your changes on top of theirs.',
    );
    act(() => hook.result.current.clearResolved());
    expect(hook.result.current.resolved).toBeUndefined();
  });

  it('opens again for the next conflict, but not for the same error seen twice', () => {
    const { hook, apply } = mount();
    const first = conflictError();
    hook.rerender({ error: first });
    act(() => hook.result.current.choose('total', 'mine'));
    hook.rerender({ error: first });
    expect(hook.result.current.conflict).toBeUndefined();
    hook.rerender({ error: conflictError() });
    expect(hook.result.current.conflict?.fields).toEqual(['total']);
    expect(hook.result.current.choices).toEqual({});
    expect(apply).toHaveBeenCalledTimes(1);
  });
});
