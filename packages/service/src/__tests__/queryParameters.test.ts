import { describe, expect, it } from 'vitest';
import { createService } from '../createService';
import { call, newControl } from './request';

const entries = (body: Record<string, unknown>) =>
  (body.errors as { location: string; field?: string; code: string }[]).map(
    (e) => `${e.location}:${e.field}:${e.code}`,
  );

describe('query parameters an operation does not take', () => {
  it('refuses ?version= on a PATCH instead of writing a new version', async () => {
    const service = createService();
    const answer = await call(service, '/spend_controls/sc_1?version=1', {
      method: 'PATCH',
      body: { name: 'x' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.type).toBe('RequestValidationError');
    expect(entries(answer.body)).toEqual(['query:version:unsupported_parameter']);
    expect(service.inspect().spendControls.sc_1).toBe(1);
    expect(service.inspect().webhooks.published).toBe(0);
  });

  it('lists a PATCH query problem together with the body problems, one entry each', async () => {
    const service = createService();
    const answer = await call(service, '/spend_controls/sc_1?version=1&dry_run=1', {
      method: 'PATCH',
      body: { version: 2, status: 'gone' },
    });
    expect(entries(answer.body)).toEqual([
      'query:version:unsupported_parameter',
      'query:dry_run:unsupported_parameter',
      'body:version:read_only_field',
      'body:status:unknown_enum_value',
    ]);
  });

  it('refuses ?version= on an account DELETE, which then starts no deletion', async () => {
    const service = createService();
    const answer = await call(service, '/accounts/acc_2?version=1', { method: 'DELETE' });
    expect(answer.status).toBe(400);
    expect(entries(answer.body)).toEqual(['query:version:unsupported_parameter']);
    expect(service.inspect().accounts.acc_2).toEqual({ status: 'active', version: 1 });
    expect(service.inspect().tasks).toEqual({});
    await service.close();
  });

  it('refuses ?version= on /history, which lists every version anyway', async () => {
    const service = createService();
    const answer = await call(service, '/spend_controls/sc_1/history?version=1');
    expect(answer.status).toBe(400);
    expect(entries(answer.body)).toEqual(['query:version:unsupported_parameter']);
  });

  it('refuses a parameter on a create, listing it with the body problems, and creates nothing', async () => {
    const service = createService();
    const answer = await call(service, '/spend_controls?version=1', {
      method: 'POST',
      body: { ...newControl, name: 7 },
    });
    expect(entries(answer.body)).toEqual(['query:version:unsupported_parameter', 'body:name:invalid_type']);
    expect(service.inspect().creates.total).toBe(0);
  });

  it('refuses a parameter sent twice, even one the operation takes', async () => {
    const service = createService();
    const answer = await call(service, '/spend_controls/sc_1?version=1&version=1');
    expect(answer.status).toBe(400);
    expect(entries(answer.body)).toEqual(['query:version:repeated_parameter']);
    const mixed = await call(service, '/spend_controls/sc_1?version=x&a=1&a=2');
    expect(entries(mixed.body)).toEqual(['query:a:unsupported_parameter', 'query:version:invalid_type']);
  });

  it('applies the same rule to tasks, accounts, events and admin routes', async () => {
    const service = createService({ taskDurationMs: 100 });
    const { body } = await call(service, '/accounts/acc_2', { method: 'DELETE' });
    const cases = [
      `/tasks/${body.task_id as string}?verbose=1`,
      '/accounts/acc_1?version=1',
      '/events?lastEventId=1&lastEventId=2',
      '/events?since=1',
    ];
    for (const path of cases) {
      const answer = await call(service, path);
      expect(answer.status, path).toBe(400);
      expect(answer.body.type, path).toBe('RequestValidationError');
    }
    expect((await call(service, '/__admin/state?full=1')).status).toBe(400);
    // What each operation does take still works.
    expect((await call(service, '/spend_controls/sc_1?version=1')).status).toBe(200);
    expect((await call(service, `/tasks/${body.task_id as string}`)).status).toBe(200);
    expect((await call(service, '/__admin/state')).status).toBe(200);
    await service.close();
  });

  it('never lets a parameter name reach a prototype, and never echoes a value', async () => {
    const service = createService();
    const answer = await call(service, '/spend_controls/sc_1?__proto__=x&constructor=y&secret=dev-token');
    expect(entries(answer.body)).toEqual([
      'query:__proto__:unsupported_parameter',
      'query:constructor:unsupported_parameter',
      'query:secret:unsupported_parameter',
    ]);
    expect(JSON.stringify(answer.body)).not.toContain('dev-token');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
