import { createEntityStore } from '@vstore/core';
import { describe, expect, it } from 'vitest';
import { defineDevtoolsElement, mountDevtools } from '../index';

// The default `node` environment: no DOM, as in server rendering.
describe('@vstore/devtools without a DOM', () => {
  it('imports without defining anything, and says so', () => {
    expect(typeof customElements).toBe('undefined');
    expect(defineDevtoolsElement()).toBe(false);
  });

  it('mountDevtools throws a TypeError that says what it needs', () => {
    expect(() => mountDevtools({ store: createEntityStore() })).toThrow(
      new TypeError('mountDevtools needs a DOM with customElements (a browser)'),
    );
  });
});
