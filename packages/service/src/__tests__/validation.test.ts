import { describe, expect, it } from 'vitest';
import {
  checkIdempotencyKey,
  parseVersionQuery,
  readJsonObject,
  validateCreate,
  validatePatch,
} from '../validation';

const post = (body: string, type = 'application/json') =>
  new Request('http://x/', { method: 'POST', body, headers: { 'content-type': type } });

const codes = (result: { ok: boolean; errors?: { field?: string; code: string }[] }) =>
  result.ok ? [] : (result.errors ?? []).map((e) => `${e.field ?? '(body)'}:${e.code}`);

describe('readJsonObject', () => {
  it('names malformed JSON, a non-object body, a foreign content type and an oversized body', async () => {
    expect(codes(await readJsonObject(post('{"a":'), 100))).toEqual(['(body):malformed_json']);
    expect(codes(await readJsonObject(post('[1]'), 100))).toEqual(['(body):invalid_type']);
    expect(codes(await readJsonObject(post('a=1', 'application/x-www-form-urlencoded'), 100))).toEqual([
      '(body):unsupported_content_type',
    ]);
    expect(codes(await readJsonObject(post(`{"a":"${'x'.repeat(200)}"}`), 100))).toEqual([
      '(body):body_too_large',
    ]);
  });

  it('accepts a JSON object, including +json media types', async () => {
    expect(await readJsonObject(post('{"a":1}', 'application/merge-patch+json'), 100)).toEqual({
      ok: true,
      value: { a: 1 },
    });
  });
});

describe('validateCreate', () => {
  it('reports one entry per missing field, wrong type and unknown enum value', () => {
    const result = validateCreate({
      name: 7,
      interval: 'yearly',
      status: 'off',
      extra: true,
      limit: { amount: -1 },
    });
    expect(codes(result)).toEqual([
      'extra:unknown_field',
      'account_id:missing_field',
      'name:invalid_type',
      'limit.amount:invalid_format',
      'limit.currency:missing_field',
      'interval:unknown_enum_value',
      'status:unknown_enum_value',
    ]);
  });

  it('builds the input from known fields only and defaults status to active', () => {
    const result = validateCreate({
      name: 'Fuel',
      limit: { amount: 10, currency: 'EUR' },
      interval: 'daily',
      account_id: 'acc_2',
    });
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'Fuel',
        limit: { amount: 10, currency: 'EUR' },
        interval: 'daily',
        account_id: 'acc_2',
        status: 'active',
      },
    });
  });
});

describe('validatePatch', () => {
  it('names each read-only and unknown field, a prototype key included', () => {
    const body = JSON.parse(
      '{"version":2,"spend_control_id":"x","version_time":"t","account_id":"a","__proto__":{}}',
    );
    expect(codes(validatePatch(body))).toEqual([
      'version:read_only_field',
      'spend_control_id:read_only_field',
      'version_time:read_only_field',
      'account_id:read_only_field',
      '__proto__:unknown_field',
    ]);
  });

  it('refuses an empty update and checks the types of update-valid fields', () => {
    expect(codes(validatePatch({}))).toEqual(['(body):empty_update']);
    expect(codes(validatePatch({ name: '', limit: { amount: 1, currency: 'usd', x: 1 } }))).toEqual([
      'name:invalid_format',
      'limit.x:unknown_field',
      'limit.currency:invalid_format',
    ]);
  });

  it('keeps only the update-valid fields it checked', () => {
    expect(validatePatch({ status: 'paused', interval: 'monthly' })).toEqual({
      ok: true,
      value: { status: 'paused', interval: 'monthly' },
    });
  });
});

describe('parseVersionQuery and checkIdempotencyKey', () => {
  it('reads version as latest when omitted or 0, and refuses non-integers', () => {
    expect(parseVersionQuery(new URL('http://x/'))).toEqual({ ok: true, value: 0 });
    expect(parseVersionQuery(new URL('http://x/?version=3'))).toEqual({ ok: true, value: 3 });
    for (const bad of ['-1', '1.5', 'abc', '99999999999999999999']) {
      expect(codes(parseVersionQuery(new URL(`http://x/?version=${bad}`)))).toEqual(['version:invalid_type']);
    }
  });

  it('accepts visible ASCII keys up to 255 characters', () => {
    expect(checkIdempotencyKey(null)).toEqual([]);
    expect(checkIdempotencyKey('a-b_c.1')).toEqual([]);
    expect(checkIdempotencyKey('x'.repeat(256))).toHaveLength(1);
    expect(checkIdempotencyKey('has space')).toHaveLength(1);
  });
});
