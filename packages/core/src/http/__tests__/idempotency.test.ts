import { describe, expect, it } from 'vitest';
import { IdempotencyKeyReuseError } from '../../errors/idempotencyKeyReuseError';
import { createIdempotencyKey, createIdempotencyRegistry } from '../idempotency';

describe('idempotency', () => {
  it('generates a distinct key per call', () => {
    const keys = new Set(Array.from({ length: 100 }, createIdempotencyKey));
    expect(keys.size).toBe(100);
  });

  it('accepts a key again with the identical body and refuses it with another', () => {
    const registry = createIdempotencyRegistry();
    registry.claim('k', '{"a":1}');
    expect(() => registry.claim('k', '{"a":1}')).not.toThrow();
    expect(() => registry.claim('k', '{"a":2}')).toThrow(IdempotencyKeyReuseError);
  });

  it('forgets the oldest keys past its limit', () => {
    const registry = createIdempotencyRegistry(2);
    registry.claim('a', '1');
    registry.claim('b', '1');
    registry.claim('c', '1');
    expect(() => registry.claim('a', '2')).not.toThrow();
    expect(() => registry.claim('c', '2')).toThrow(IdempotencyKeyReuseError);
  });
});
