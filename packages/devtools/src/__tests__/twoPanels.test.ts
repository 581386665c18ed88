// @vitest-environment happy-dom
import { createEntityStore } from '@vstore/core';
import { describe, expect, it } from 'vitest';
import { mountDevtools } from '../index';
import { flush } from './support';

// Two panels happen: a mount run again by hot reload, an effect without cleanup, two clients.
describe('two panels on one page', () => {
  it('keep room for the one still shown, and give the page its styles back once both are gone', async () => {
    const root = document.documentElement;
    root.style.setProperty('padding-right', '3px');
    const a = mountDevtools({ store: createEntityStore() });
    const b = mountDevtools({ store: createEntityStore() });
    await flush();
    const reserved = root.style.getPropertyValue('padding-right');
    expect(reserved).not.toBe('3px');
    a();
    expect(root.style.getPropertyValue('padding-right')).toBe(reserved);
    b();
    expect(root.getAttribute('style')).toBe('padding-right: 3px;');
    root.removeAttribute('style');
  });
});
