import { describe, expect, it } from 'vitest';
import { parseJson } from '../safeJson';

describe('parseJson', () => {
  it('parses ordinary JSON without a reviver pass', () => {
    expect(parseJson('{"a":[1,{"b":null}]}')).toEqual({ ok: true, value: { a: [1, { b: null }] } });
  });

  it('never throws on text that is not JSON', () => {
    for (const text of ['<html>', '{"a":', '', 'undefined', '{a:1}']) {
      expect(parseJson(text).ok).toBe(false);
    }
  });

  it('drops __proto__, constructor and prototype keys at every depth', () => {
    const text =
      '{"__proto__":{"polluted":1},"a":{"b":[{"constructor":{"prototype":{"x":1}}}],"__proto__":{"y":2}}}';
    const result = parseJson(text);
    expect(result).toEqual({ ok: true, value: { a: { b: [{}] } } });
    const value = (result as { value: { a: object } }).value;
    expect(Object.getOwnPropertyNames(value)).toEqual(['a']);
    expect(Object.getPrototypeOf(value.a)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('drops a poison key spelled with unicode escapes', () => {
    const result = parseJson('{"\\u005f_proto__":{"polluted":1},"ok":1}');
    expect(result).toEqual({ ok: true, value: { ok: 1 } });
  });
});
