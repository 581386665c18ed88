import { describe, expect, it } from 'vitest';
import {
  ApiError,
  BusinessRuleError,
  ConcurrentUpdateError,
  GatewayError,
  IdempotencyInProgressError,
  RateLimitError,
  RequestValidationError,
  ResponseShapeError,
} from '../apiError';
import { type ErrorContext, errorFromResponse } from '../errorFromResponse';

const ctx: ErrorContext = {
  request: {
    method: 'PATCH',
    endpoint: '/spend_controls/sc_1',
    time: '2024-01-01T00:00:00.000Z',
    resourceId: 'sc_1',
  },
  secrets: ['tok_live_abcdef'],
};
const body = (value: unknown) => JSON.stringify(value);
const std = { message: 'nope', type: 'SomeRule', trace_id: 'tr_1' };

describe('errorFromResponse', () => {
  it('decides gateway 401 and 403 by status alone', () => {
    for (const status of [401, 403]) {
      for (const text of [
        body({ message: 'bad token' }),
        body({ error: 'x' }),
        '<html>Forbidden</html>',
        '',
      ]) {
        const error = errorFromResponse(status, text, ctx);
        expect(error).toBeInstanceOf(GatewayError);
        expect(error.status).toBe(status);
        expect(error.traceId).toBeUndefined();
      }
    }
  });

  it('keeps a 403 that carries type and trace_id as an operation error, not a gateway one', () => {
    const error = errorFromResponse(403, body({ ...std, type: 'NotPermitted' }), ctx);
    expect(error).not.toBeInstanceOf(GatewayError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.type).toBe('NotPermitted');
    expect(error.traceId).toBe('tr_1');
  });

  it('maps 400 to RequestValidationError with its errors', () => {
    const error = errorFromResponse(
      400,
      body({ ...std, type: 'RequestValidationError', errors: [{ field: 'version' }] }),
      ctx,
    );
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).errors).toEqual([{ field: 'version' }]);
    expect(error.type).toBe('RequestValidationError');
  });

  it('maps 422 to BusinessRuleError, one validation entry when the body lists none', () => {
    const single = errorFromResponse(
      422,
      body({ ...std, type: 'InsufficientBalance' }),
      ctx,
    ) as BusinessRuleError;
    expect(single).toBeInstanceOf(BusinessRuleError);
    expect(single.rule).toBe('InsufficientBalance');
    expect(single.validationErrors).toEqual([{ message: 'nope' }]);
    const several = errorFromResponse(
      422,
      body({ ...std, validation_errors: [{ message: 'a', details: { f: 1 } }, { message: 'b' }] }),
      ctx,
    ) as BusinessRuleError;
    expect(several.validationErrors).toEqual([{ message: 'a', details: { f: 1 } }, { message: 'b' }]);
  });

  it('maps 409 with details to ConcurrentUpdateError, a bare keyed 409 to IdempotencyInProgressError', () => {
    const details = {
      object_type: 'spend_control',
      object_id: 'sc_1',
      expected_version: 3,
      found_version: 4,
    };
    const concurrent = errorFromResponse(409, body({ ...std, details }), ctx);
    expect(concurrent).toBeInstanceOf(ConcurrentUpdateError);
    expect((concurrent as ConcurrentUpdateError).details).toEqual(details);
    const keyed = errorFromResponse(409, body(std), { ...ctx, idempotencyKey: 'k1' });
    expect(keyed).toBeInstanceOf(IdempotencyInProgressError);
    const unkeyed = errorFromResponse(409, body(std), ctx);
    expect(unkeyed.constructor).toBe(ApiError);
  });

  it('maps 429 to RateLimitError carrying the parsed wait, whatever the body', () => {
    const error = errorFromResponse(429, '<html>slow down</html>', { ...ctx, retryAfterMs: 5000 });
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(5000);
  });

  it('keeps other statuses as ApiError with type, trace and body when present', () => {
    const error = errorFromResponse(404, body({ ...std, type: 'NotFound' }), ctx);
    expect(error.constructor).toBe(ApiError);
    expect(error.type).toBe('NotFound');
    const html = errorFromResponse(502, '<html>Bad gateway</html>', ctx);
    expect(html.constructor).toBe(ApiError);
    expect(html.body).toBe('<html>Bad gateway</html>');
  });

  it.each([
    [400, '<html>400</html>'],
    [400, body({ ...std, errors: 'not a list' })],
    [422, body({ message: 'no type' })],
    [422, body({ ...std, validation_errors: [{ nope: 1 }] })],
    [409, body({ ...std, details: { object_id: 1 } })],
    [409, '{"message":'],
    [400, 'null'],
    [422, '[]'],
  ])('turns a malformed %i body into ResponseShapeError', (status, text) => {
    const error = errorFromResponse(status, text, ctx);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as ResponseShapeError).issues.length).toBeGreaterThan(0);
    expect(error.status).toBe(status);
  });

  it.each([
    [2.5, 'a fraction'],
    [2 ** 53 + 2, 'past the safe integers'],
  ])('refuses a 409 whose found_version is %d (%s), naming the field', (found) => {
    const details = {
      object_type: 'spend_control',
      object_id: 'sc_1',
      expected_version: 1,
      found_version: found,
    };
    const error = errorFromResponse(409, body({ ...std, details }), ctx) as ResponseShapeError;
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect(error.issues).toEqual([
      { path: ['details', 'found_version'], code: 'custom', message: 'expected a safe integer' },
    ]);
    expect(error.message).toContain('details.found_version: expected a safe integer');
  });

  it('ends a message with one period when the server message already ends with one', () => {
    const said = 'Invalid access token; obtain a new one.';
    const gateway = errorFromResponse(401, body({ message: said }), ctx);
    expect(gateway.message).toContain('obtain a new one. The access token');
    const other = errorFromResponse(503, body({ message: 'Down for maintenance!' }), ctx);
    expect(other.message).toMatch(/Down for maintenance!$/);
    const plain = errorFromResponse(503, body({ message: 'Down' }), ctx);
    expect(plain.message).toMatch(/: Down\.$/);
    for (const e of [gateway, other, plain]) expect(e.message).not.toMatch(/\.\.|!\./);
  });

  it('scrubs a token the server echoed back from message and body', () => {
    const error = errorFromResponse(401, body({ message: 'token tok_live_abcdef is expired' }), ctx);
    expect(error.message).not.toContain('tok_live_abcdef');
    expect(JSON.stringify(error.body)).not.toContain('tok_live_abcdef');
    expect(error.message).toContain('[REDACTED]');
  });

  it('keeps no part of a token cut by the excerpt limit of a text body', () => {
    // The token starts 5 characters before the 500-character excerpt ends.
    const text = `${'x'.repeat(495)}tok_live_abcdef and more`;
    const error = errorFromResponse(502, text, ctx);
    expect(error.body).not.toContain('tok_l');
    expect((error.body as string).length).toBeLessThanOrEqual(500);
  });

  it('gives support info per the spec, with nothing else', () => {
    const error = errorFromResponse(422, body(std), {
      ...ctx,
      request: { ...ctx.request, environment: 'staging' },
    });
    expect(error.supportInfo()).toEqual({
      trace_id: 'tr_1',
      method: 'PATCH',
      endpoint: '/spend_controls/sc_1',
      time: '2024-01-01T00:00:00.000Z',
      environment: 'staging',
      resource_id: 'sc_1',
    });
  });

  it('names every error class and keeps instanceof working', () => {
    const error = errorFromResponse(
      409,
      body({ ...std, details: { object_type: 'a', object_id: 'b', expected_version: 1, found_version: 2 } }),
      ctx,
    );
    expect(error.name).toBe('ConcurrentUpdateError');
    expect(error).toBeInstanceOf(Error);
    expect(String(error.stack)).toMatch(/^ConcurrentUpdateError: /);
  });
});
