import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDefaultEventRegistry } from '../defaultEventRegistry';
import { createEventRegistry, type EventRegistration } from '../eventRegistry';

const reg = (type: string): EventRegistration => ({ type, idKey: `${type}_id`, schema: z.looseObject({}) });

describe('createEventRegistry', () => {
  it('prefers an exact event type, then the nearest family', () => {
    const registry = createEventRegistry([
      ['a.*', reg('a')],
      ['a.b.*', reg('ab')],
      ['a.b.deleted', reg('exact')],
    ]);
    expect(registry.resolve('a.b.deleted')?.type).toBe('exact');
    expect(registry.resolve('a.b.updated')?.type).toBe('ab');
    expect(registry.resolve('a.c')?.type).toBe('a');
    expect(registry.resolve('a')).toBeUndefined();
    expect(registry.resolve('b.c')).toBeUndefined();
  });

  it('finds nothing for prototype names', () => {
    const registry = createEventRegistry([['a.*', reg('a')]]);
    for (const name of ['__proto__', 'constructor', 'toString', '__proto__.*', 'hasOwnProperty.x']) {
      expect(registry.resolve(name)).toBeUndefined();
    }
  });

  it('refuses patterns that are neither exact nor a family', () => {
    const registry = createEventRegistry();
    expect(() => registry.register('', reg('a'))).toThrow(TypeError);
    expect(() => registry.register('a*', reg('a'))).toThrow(TypeError);
    expect(() => registry.register('*.updated', reg('a'))).toThrow(TypeError);
    expect(registry.register('a.*', reg('a')).patterns()).toEqual(['a.*']);
  });

  it('maps the built-in resources and gives every caller its own registry', () => {
    const one = createDefaultEventRegistry();
    const two = createDefaultEventRegistry();
    expect(one.resolve('spend_control.created')?.type).toBe('spend_control');
    expect(one.resolve('account.updated')?.action).toBeUndefined();
    expect(one.resolve('account.deleted')?.action).toBe('remove');
    expect(one.resolve('task.updated')).toMatchObject({ type: 'task', idKey: 'task_id' });
    one.register('card.*', reg('card'));
    expect(two.resolve('card.issued')).toBeUndefined();
  });
});
