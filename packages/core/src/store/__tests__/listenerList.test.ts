import { describe, expect, it } from 'vitest';
import { ListenerList } from '../listenerList';

describe('ListenerList', () => {
  it('holds one listener, then several, each once, as a Set would', () => {
    const list = new ListenerList();
    const calls: string[] = [];
    const a = () => calls.push('a');
    const b = () => calls.push('b');
    list.add(a);
    list.add(a);
    expect(list.size).toBe(1);
    list.notify('threw');
    list.add(b);
    list.add(a);
    expect(list.size).toBe(2);
    list.notify('threw');
    expect(calls).toEqual(['a', 'a', 'b']);
    expect(list.delete(a)).toBe(true);
    expect(list.delete(a)).toBe(false);
    expect(list.size).toBe(1);
    expect(list.delete(b)).toBe(true);
    expect(list.size).toBe(0);
    list.notify('threw');
    expect(calls).toEqual(['a', 'a', 'b']);
  });

  it('deletes only the listener it holds', () => {
    const list = new ListenerList();
    const a = () => {};
    list.add(a);
    expect(list.delete(() => {})).toBe(false);
    expect(list.size).toBe(1);
  });

  it('calls everyone despite throws, then throws them all as one AggregateError', () => {
    for (const count of [1, 3]) {
      const list = new ListenerList();
      const ran: number[] = [];
      for (let i = 0; i < count; i++)
        list.add(() => {
          ran.push(i);
          throw new Error(`listener ${i}`);
        });
      let thrown: unknown;
      try {
        list.notify('listeners threw');
      } catch (error) {
        thrown = error;
      }
      expect(ran).toHaveLength(count);
      expect(thrown).toBeInstanceOf(AggregateError);
      expect((thrown as AggregateError).message).toBe('listeners threw');
      expect((thrown as AggregateError).errors.map((e: Error) => e.message)).toEqual(
        ran.map((i) => `listener ${i}`),
      );
    }
  });

  it('calls those held when notify began, even if one leaves or another joins meanwhile', () => {
    const list = new ListenerList();
    const calls: string[] = [];
    const c = () => calls.push('c');
    const b = () => calls.push('b');
    const a = () => {
      calls.push('a');
      list.delete(b);
      list.add(c);
    };
    list.add(a);
    list.add(b);
    list.notify('threw');
    expect(calls).toEqual(['a', 'b']);
    list.notify('threw');
    expect(calls).toEqual(['a', 'b', 'a', 'c']);
  });
});
