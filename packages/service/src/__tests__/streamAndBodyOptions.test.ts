// Found by review 35 (failed before its fix): maxBodyBytes and the sse options were taken unchecked:
// NaN (an unset variable read as a number) turned the body limit off, and a heartbeatMs of 0 sent a
// heartbeat every millisecond on every stream.
import { describe, expect, it } from 'vitest';
import { createService } from '../createService';

describe('maxBodyBytes and sse options out of range', () => {
  it.each([
    [{ maxBodyBytes: Number.NaN }, 'maxBodyBytes'],
    [{ maxBodyBytes: 0 }, 'maxBodyBytes'],
    [{ maxBodyBytes: 1.5 }, 'maxBodyBytes'],
    [{ maxBodyBytes: Number.POSITIVE_INFINITY }, 'maxBodyBytes'],
    [{ sse: { heartbeatMs: 0 } }, 'sse.heartbeatMs'],
    [{ sse: { heartbeatMs: Number.NaN } }, 'sse.heartbeatMs'],
    [{ sse: { heartbeatMs: 2 ** 31 } }, 'sse.heartbeatMs'],
    [{ sse: { retryMs: -1 } }, 'sse.retryMs'],
    [{ sse: { retryMs: 1.5 } }, 'sse.retryMs'],
    [{ sse: { bufferSize: Number.NaN } }, 'sse.bufferSize'],
    [{ sse: { bufferSize: -1 } }, 'sse.bufferSize'],
  ])('refuses %o with a RangeError naming %s', (options, name) => {
    expect(() => createService(options)).toThrow(RangeError);
    expect(() => createService(options)).toThrow(name);
  });

  it('takes the edges of each range', () => {
    for (const options of [
      { maxBodyBytes: 1 },
      { sse: { heartbeatMs: 1, retryMs: 0, bufferSize: 0 } },
      { sse: { heartbeatMs: 2 ** 31 - 1 } },
    ]) {
      expect(() => createService(options)).not.toThrow();
    }
  });
});
