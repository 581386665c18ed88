import { describe, expect, it } from 'vitest';
import { ApiError, GatewayError } from '../../errors/apiError';
import { EditConflictError } from '../../errors/editConflictError';
import { ResponseTooLargeError } from '../../errors/responseTooLargeError';
import { fromErrorRecord, toErrorRecord } from '../errorRecord';

const request = { method: 'GET', endpoint: '/x', time: '2026-01-01T00:00:00.000Z' };

/** Classes hydrate has never heard of, as other code (or a newer vstore) may define. */
class TeapotError extends ApiError {
  static {
    TeapotError.prototype.name = 'TeapotError';
  }
}
class LocalError extends Error {
  static {
    LocalError.prototype.name = 'LocalError';
  }
  readonly limitBytes = 10;
}

const roundTrip = (error: Error) => fromErrorRecord(JSON.parse(JSON.stringify(toErrorRecord(error))));

describe('error records', () => {
  it('bring a known class back as itself, without base', () => {
    const error = new GatewayError('no', { status: 401, request });
    expect(toErrorRecord(error)).not.toHaveProperty('base');
    const back = roundTrip(error);
    expect(Object.getPrototypeOf(back)).toBe(GatewayError.prototype);
    expect((back as GatewayError).supportInfo()).toEqual(error.supportInfo());
  });

  it('bring an unknown subclass back as its nearest known class, with its own name', () => {
    const teapot = roundTrip(new TeapotError('short and stout', { status: 418, request }));
    expect(Object.getPrototypeOf(teapot)).toBe(ApiError.prototype);
    expect(teapot).toMatchObject({ name: 'TeapotError', status: 418, message: 'short and stout' });
    const local = roundTrip(new LocalError('too big'));
    expect(local).not.toBeInstanceOf(ApiError);
    expect(local).toBeInstanceOf(Error);
    expect(local).toMatchObject({ name: 'LocalError', limitBytes: 10, message: 'too big' });
  });

  it('bring the client-side classes back as themselves (a body over maxResponseBytes, an edit conflict)', () => {
    const tooLarge = roundTrip(new ResponseTooLargeError(1024, 200, 'GET /x'));
    expect(Object.getPrototypeOf(tooLarge)).toBe(ResponseTooLargeError.prototype);
    expect(tooLarge).toMatchObject({ name: 'ResponseTooLargeError', limitBytes: 1024, status: 200 });
    const conflict = roundTrip(
      new EditConflictError('invoice', 'inv_1', ['total'], {
        base: { total: 1 },
        mine: { total: 2 },
        theirs: { total: 3 },
      }),
    );
    expect(Object.getPrototypeOf(conflict)).toBe(EditConflictError.prototype);
    expect(conflict).toMatchObject({
      fields: ['total'],
      base: { total: 1 },
      mine: { total: 2 },
      theirs: { total: 3 },
    });
  });

  it('bring a renamed error back as the class it was made of, its name kept as the server had it', () => {
    const renamed = new ResponseTooLargeError(1024, 200);
    renamed.name = 'ApiError';
    const back = roundTrip(renamed);
    expect(Object.getPrototypeOf(back)).toBe(ResponseTooLargeError.prototype);
    expect(back.name).toBe('ApiError');
    // The name stays an own enumerable field of a client-side class, as on the server ...
    expect(Object.keys(roundTrip(new ResponseTooLargeError(1, 200)))).toEqual(
      Object.keys(new ResponseTooLargeError(1, 200)),
    );
    // ... and a prototype property of an unknown class, so its JSON does not grow a `name`.
    expect(Object.keys(roundTrip(new TeapotError('t', { status: 418, request })))).not.toContain('name');
  });

  it("never let a record's fields hide the class's methods", () => {
    const record = toErrorRecord(new GatewayError('no', { status: 401, request }));
    const back = fromErrorRecord({ ...record, fields: { ...record.fields, supportInfo: 'x', toJSON: 1 } });
    expect(typeof (back as GatewayError).supportInfo).toBe('function');
    expect((back as GatewayError).supportInfo()).toMatchObject({ method: 'GET', endpoint: '/x' });
  });

  it('keep only JSON data of the fields', () => {
    const error = Object.assign(new ApiError('m', { status: 500, request, body: { ok: 1 } }), {
      fn: () => 1,
      when: new Date(0),
      big: Number.POSITIVE_INFINITY,
    });
    const { fields } = toErrorRecord(error);
    expect(fields).toEqual({ status: 500, body: { ok: 1 }, request, outcomeUnknown: false });
  });
});
