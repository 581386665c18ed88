// @vitest-environment happy-dom
import { createEntityStore } from '@vstore/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mountDevtools } from '../index';
import { flush, mount, unmounts } from './support';

// Two panels happen: a mount run again by hot reload, an effect without cleanup, two clients.
const html = () => document.documentElement.style;
const body = () => document.body.style;

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('style');
  document.body.removeAttribute('style');
});
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
});

describe('two panels on one page', () => {
  it('keep room for the one still shown, and give the page its styles back once both are gone', async () => {
    html().setProperty('padding-right', '3px');
    const a = mountDevtools({ store: createEntityStore() }, { open: false });
    const b = mountDevtools({ store: createEntityStore() }, { open: false });
    await flush();
    expect(html().getPropertyValue('padding-right')).toBe('28px');
    a();
    expect(html().getPropertyValue('padding-right')).toBe('28px');
    b();
    expect(document.documentElement.getAttribute('style')).toBe('padding-right: 3px;');
  });

  it('keep room for both when one is at the bottom and the other at a side', async () => {
    mount(createEntityStore()); // open, at the bottom (300px)
    await flush();
    expect(body().getPropertyValue('inset')).toBe('0 0 300px');
    mount(createEntityStore(), { open: false }); // a rail at the right (28px)
    await flush();
    expect(body().getPropertyValue('inset')).toBe('0 28px 300px 0px');
    unmounts.pop()?.();
    await flush();
    expect(body().getPropertyValue('inset')).toBe('0 0 300px');
    unmounts.pop()?.();
    expect(body().getPropertyValue('inset')).toBe('');
  });
});
