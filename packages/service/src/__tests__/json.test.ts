import { describe, expect, it } from 'vitest';
import { canonicalJson, json, stripNulls } from '../json';

describe('stripNulls', () => {
  it('drops null and undefined keys at every depth, keeps falsy values', () => {
    const out = stripNulls({
      a: null,
      b: 0,
      c: '',
      d: false,
      e: { f: null, g: [{ h: undefined, i: 1 }, null] },
    });
    expect(out).toEqual({ b: 0, c: '', d: false, e: { g: [{ i: 1 }, null] } });
    expect(JSON.stringify(out)).not.toContain('":null');
  });

  it('keeps a "__proto__" key as data and never touches a prototype', () => {
    const input = JSON.parse('{"__proto__": {"polluted": true}, "x": 1}');
    const out = stripNulls(input) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('json', () => {
  it('answers JSON with the status and headers given, without null keys', async () => {
    const response = json({ a: 1, b: null }, 418, { 'x-test': 'yes' });
    expect(response.status).toBe(418);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('x-test')).toBe('yes');
    expect(await response.text()).toBe('{"a":1}');
  });
});

describe('canonicalJson', () => {
  it('ignores key order but not values', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 2], c: 'x' } })).toBe(
      canonicalJson({ a: { c: 'x', d: [1, 2] }, b: 1 }),
    );
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
  });
});
