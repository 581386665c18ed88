// @vitest-environment happy-dom
// A Vue form's reactive value handed to mutate, through the outbox and without it: the structured
// clone of storage refuses a proxy, so the outbox keeps a plain copy made when the write is made.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { effectScope, reactive } from 'vue';
import { outboxClient } from '../../../../test/support/outboxClient';
import { useUpdateResource } from '../useUpdateResource';

type Fake = ReturnType<typeof outboxClient>;
const closing: Fake[] = [];
afterEach(async () => {
  for (const fake of closing.splice(0)) await fake.outbox.close();
});

describe('useUpdateResource(resource, { outbox }) with a reactive form value', () => {
  it('stores and sends the form value, as the same mutate does without an outbox', async () => {
    const fake = outboxClient();
    closing.push(fake);
    await fake.client.spendControls.get('sc_1');
    await fake.outbox.ready;
    const scope = effectScope();
    const { direct, queued } = scope.run(() => ({
      direct: useUpdateResource(fake.client.spendControls),
      queued: useUpdateResource(fake.client.spendControls, { outbox: fake.outbox }),
    }))!;
    // The form's model, as <script setup> holds it.
    const form = reactive({ name: 'Travel', limit: { amount: 750, currency: 'USD' } });

    await direct.mutate('sc_1', { limit: form.limit });
    expect(direct.status.value).toBe('success'); // straight to the service: fine

    form.limit.amount = 800;
    await queued.mutate('sc_1', { limit: form.limit });
    await vi.waitFor(() => expect(queued.status.value).not.toBe('pending'));
    expect({ status: queued.status.value, error: queued.error.value?.name }).toEqual({
      status: 'success',
      error: undefined,
    });
    scope.stop();
  });
});
