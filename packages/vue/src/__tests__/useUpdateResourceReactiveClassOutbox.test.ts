// @vitest-environment happy-dom
// Found by review 33 (failed before its mend): a Vue form model that is a class instance (reactive(new Form())) through the outbox.
// storedCopy reads through a reactive proxy only when its prototype is Object.prototype: a reactive
// class instance is kept as the proxy itself, which storage's structured clone refuses.
import { describe, expect, it, vi } from 'vitest';
import { effectScope, reactive } from 'vue';
import { outboxClient } from '../../../../test/support/outboxClient';
import { useUpdateResource } from '../useUpdateResource';

class Money {
  amount = 750;
  currency = 'USD';
}

describe('useUpdateResource(resource, { outbox }) with a reactive class-instance value', () => {
  it('stores and sends it, as the same mutate does without an outbox', async () => {
    const fake = outboxClient();
    await fake.client.spendControls.get('sc_1');
    await fake.outbox.ready;
    const scope = effectScope();
    const { direct, queued } = scope.run(() => ({
      direct: useUpdateResource(fake.client.spendControls),
      queued: useUpdateResource(fake.client.spendControls, { outbox: fake.outbox }),
    }))!;
    const form = reactive({ name: 'Travel', limit: new Money() });

    await direct.mutate('sc_1', { limit: form.limit });
    expect(direct.status.value).toBe('success'); // straight to the service: fine

    form.limit.amount = 800;
    await queued.mutate('sc_1', { limit: form.limit });
    await vi.waitFor(() => expect(queued.status.value).not.toBe('pending'));
    const outcome = { status: queued.status.value, error: queued.error.value?.name, patches: fake.patches };
    scope.stop();
    await fake.outbox.close();
    expect(outcome).toEqual({
      status: 'success',
      error: undefined,
      patches: [{ limit: { amount: 750, currency: 'USD' } }, { limit: { amount: 800, currency: 'USD' } }],
    });
  });
});
