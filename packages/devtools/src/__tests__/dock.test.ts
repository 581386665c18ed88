// @vitest-environment happy-dom
import { createEntityStore, type EntityStore } from '@vstore/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAYOUT_KEY, loadLayout } from '../dock';
import { choose, flush, mount, unmounts } from './support';

let store: EntityStore;
const html = () => document.documentElement.style;
const body = () => document.body.style;
const saved = () => JSON.parse(localStorage.getItem(LAYOUT_KEY) ?? 'null');
const grip = (root: ShadowRoot) => root.querySelector('[role=separator]') as HTMLElement;
const press = (root: ShadowRoot, key: string, shiftKey = false) =>
  grip(root).dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey, bubbles: true }));

beforeEach(() => {
  store = createEntityStore();
  localStorage.clear();
  document.documentElement.removeAttribute('style');
  document.body.removeAttribute('style');
});

afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  vi.restoreAllMocks();
});

describe('docking', () => {
  it('collapsed, is a rail down the right side in a strip the page leaves free', async () => {
    const { element } = mount(store, { open: false });
    await flush();
    expect(element.getAttribute('dock')).toBe('bottom');
    expect(element.style.getPropertyValue('--size')).toBe('28px');
    expect(html().getPropertyValue('padding-right')).toBe('28px');
    expect(html().getPropertyPriority('padding-right')).toBe('important');
    expect(body().getPropertyValue('position')).toBe('');
  });

  it('open at the bottom, makes the body the scroller, ending where the panel begins', async () => {
    const { element, root } = mount(store);
    await flush();
    expect(element.style.getPropertyValue('--size')).toBe('300px');
    expect(html().getPropertyValue('overflow')).toBe('hidden');
    expect(html().getPropertyValue('padding-right')).toBe('');
    expect(body().getPropertyValue('position')).toBe('fixed');
    expect(body().getPropertyValue('overflow')).toBe('auto');
    expect(body().getPropertyValue('inset')).toBe('0 0 300px');
    expect(grip(root).getAttribute('aria-orientation')).toBe('horizontal');
    expect(grip(root).getAttribute('aria-valuenow')).toBe('300');
  });

  it('docks at a side by padding the page, and remembers the dock for this origin', async () => {
    const { element, root } = mount(store);
    await flush();
    choose(root, 'dock', 'right');
    await flush();
    expect(element.getAttribute('dock')).toBe('right');
    expect(element.style.getPropertyValue('--size')).toBe('360px');
    expect(html().getPropertyValue('padding-right')).toBe('360px');
    // The bottom dock's styles are gone.
    expect(html().getPropertyValue('overflow')).toBe('');
    expect(body().getPropertyValue('position')).toBe('');
    expect(grip(root).getAttribute('aria-orientation')).toBe('vertical');
    expect(saved()).toEqual({ dock: 'right', bottom: 300, side: 360 });

    choose(root, 'dock', 'left');
    await flush();
    expect(html().getPropertyValue('padding-right')).toBe('');
    expect(html().getPropertyValue('padding-left')).toBe('360px');
    element.open = false;
    await flush();
    // Docked left, the rail is on the left too.
    expect(html().getPropertyValue('padding-left')).toBe('28px');
  });

  it('resizes from the keyboard: the arrow pointing into the page grows it, Shift in bigger steps', async () => {
    const { element, root } = mount(store);
    await flush();
    press(root, 'ArrowUp');
    await flush();
    expect(element.style.getPropertyValue('--size')).toBe('316px');
    expect(body().getPropertyValue('inset')).toBe('0 0 316px');
    press(root, 'ArrowDown', true);
    await flush();
    expect(element.style.getPropertyValue('--size')).toBe('252px');
    expect(grip(root).getAttribute('aria-valuenow')).toBe('252');
    press(root, 'ArrowLeft');
    await flush();
    expect(element.style.getPropertyValue('--size')).toBe('252px');
    expect(saved()).toEqual({ dock: 'bottom', bottom: 252, side: 360 });

    choose(root, 'dock', 'right');
    press(root, 'ArrowLeft');
    await flush();
    expect(html().getPropertyValue('padding-right')).toBe('376px');
    choose(root, 'dock', 'left');
    press(root, 'ArrowLeft');
    await flush();
    expect(html().getPropertyValue('padding-left')).toBe('360px');
    expect(saved()).toEqual({ dock: 'left', bottom: 252, side: 360 });
  });

  it('keeps at least 120 px of panel and 80 px of page', async () => {
    const { element, root } = mount(store);
    await flush();
    for (let i = 0; i < 10; i++) press(root, 'ArrowDown', true);
    expect(element.style.getPropertyValue('--size')).toBe('120px');
    for (let i = 0; i < 20; i++) press(root, 'ArrowUp', true);
    expect(element.style.getPropertyValue('--size')).toBe(`${innerHeight - 80}px`);
  });

  it('starts a new panel of this origin with the saved dock and sizes', async () => {
    localStorage.setItem(LAYOUT_KEY, JSON.stringify({ dock: 'right', bottom: 250, side: 500 }));
    const { element } = mount(store);
    await flush();
    expect(element.getAttribute('dock')).toBe('right');
    expect(html().getPropertyValue('padding-right')).toBe('500px');
  });

  it('falls back to the defaults for a saved layout it cannot read', () => {
    for (const junk of ['{', '"right"', '{"dock":"top","bottom":"tall","side":-4}', 'null', '[]']) {
      localStorage.setItem(LAYOUT_KEY, junk);
      expect(loadLayout()).toEqual({ dock: 'bottom', bottom: 300, side: 360 });
    }
  });

  it('works, with the defaults, when storage cannot even be reached (a sandboxed frame, blocked cookies)', async () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException("Failed to read the 'localStorage' property from 'Window'", 'SecurityError');
    });
    const { element, root } = mount(store);
    await flush();
    expect(element.getAttribute('dock')).toBe('bottom');
    choose(root, 'dock', 'right');
    await flush();
    press(root, 'ArrowLeft');
    await flush();
    expect(html().getPropertyValue('padding-right')).toBe('376px');
  });

  it('works, with the defaults, when every storage call throws', async () => {
    const refuse = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    const storage = { getItem: vi.fn(refuse), setItem: vi.fn(refuse) };
    vi.spyOn(window, 'localStorage', 'get').mockReturnValue(storage as unknown as Storage);
    const { element, root } = mount(store);
    await flush();
    expect(storage.getItem).toHaveBeenCalledWith(LAYOUT_KEY);
    expect(element.getAttribute('dock')).toBe('bottom');
    choose(root, 'dock', 'right');
    await flush();
    expect(storage.setItem).toHaveBeenCalled();
    expect(html().getPropertyValue('padding-right')).toBe('360px');
  });

  it('outweighs a page that sizes its body to the window, as `min-height: 100vh` does', async () => {
    body().setProperty('min-height', '100vh');
    body().setProperty('height', '100%');
    mount(store);
    await flush();
    expect(body().getPropertyValue('min-height')).toBe('0');
    expect(body().getPropertyValue('height')).toBe('auto');
  });

  it('gives the page back its own inline styles when unmounted', async () => {
    html().setProperty('overflow', 'scroll');
    body().setProperty('position', 'relative');
    body().setProperty('padding', '3px');
    const before = [document.documentElement.getAttribute('style'), document.body.getAttribute('style')];
    const { unmount, element, root } = mount(store);
    await flush();
    choose(root, 'dock', 'right');
    element.open = false;
    choose(root, 'dock', 'bottom');
    element.open = true;
    await flush();
    expect(body().getPropertyValue('position')).toBe('fixed');
    unmount();
    expect([document.documentElement.getAttribute('style'), document.body.getAttribute('style')]).toEqual(
      before,
    );
  });
});
