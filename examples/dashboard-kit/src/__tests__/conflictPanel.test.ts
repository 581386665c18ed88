// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ConflictChoice, EditConflict } from '@vstore/core';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConflictPanel } from '../react/ConflictPanel';

afterEach(cleanup);

const base = { version: 1, total: 10, status: 'draft' };
const conflict: EditConflict<object> = {
  fields: ['total', 'status'],
  base,
  mine: { ...base, total: 12, status: 'sent' },
  theirs: { ...base, version: 2, total: 15, status: 'paid' },
};

function mount(props: Partial<Parameters<typeof ConflictPanel>[0]> = {}) {
  const onDecided = vi.fn<(choices: Readonly<Record<string, ConflictChoice>>) => void>();
  const all = { conflict, display: {}, subject: 'inv_1', nextStep: 'nothing is sent.', onDecided, ...props };
  const view = render(createElement(ConflictPanel, all));
  return {
    onDecided,
    rerender: (next: object) => view.rerender(createElement(ConflictPanel, { ...all, ...next })),
  };
}

describe('ConflictPanel', () => {
  it('shows base / yours / theirs per field, and hands over the choices once every field has one', () => {
    const { onDecided } = mount();
    expect(screen.getByTestId('conflict-row-total').textContent).toContain('101215');
    fireEvent.click(screen.getByTestId('conflict-keep-mine-total'));
    expect(onDecided).not.toHaveBeenCalled();
    expect(screen.getByTestId('conflict-keep-mine-total').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('conflict-take-theirs-status'));
    expect(onDecided).toHaveBeenCalledOnce();
    expect(onDecided).toHaveBeenCalledWith({ total: 'mine', status: 'theirs' });
  });

  it('starts with no choices for another conflict in the same place', () => {
    const { onDecided, rerender } = mount();
    fireEvent.click(screen.getByTestId('conflict-keep-mine-total'));
    rerender({ conflict: { ...conflict, theirs: { ...conflict.theirs, version: 3 } } });
    expect(screen.getByTestId('conflict-keep-mine-total').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByTestId('conflict-take-theirs-status'));
    expect(onDecided).not.toHaveBeenCalled();
  });

  it('moves focus to its heading when asked, with the level and id given', () => {
    mount();
    expect(document.activeElement?.id).toBe('conflict-title');
    cleanup();
    mount({ focus: false, level: 3, titleId: 'conflict-title-e1', heading: 'Not sent' });
    const heading = screen.getByRole('heading', { name: 'Not sent' });
    expect(heading.tagName).toBe('H3');
    expect(heading.id).toBe('conflict-title-e1');
    expect(document.activeElement).not.toBe(heading);
  });
});
