import { type AccountStanding, accountStanding } from '@vstore/dashboard-kit';
import { type Account, type ResourceState, useClient, useResource } from '@vstore/vue';
import { type ComputedRef, computed, type MaybeRefOrGetter, ref, toValue, watch } from 'vue';

export interface AccountView {
  /** The latest read of the account, following the store. */
  readonly account: ResourceState<Account>;
  /** Its name, kept once the account is gone (the store then holds no copy; the service answers 404). */
  readonly name: ComputedRef<string | undefined>;
  readonly standing: ComputedRef<AccountStanding>;
}

/**
 * Account `id` as the dashboard shows it. Every component asking follows the same observer, so a
 * removal reaching this tab (its own deletion, an event, another tab, a 404 read) shows everywhere
 * at once, and the controls of a deleted account become read-only with the reason.
 */
export function useAccount(id: MaybeRefOrGetter<string | undefined>): AccountView {
  const account = useResource(useClient().accounts, id);
  const named = ref<{ id: string; name: string }>();
  watch(
    [() => toValue(id), account.data],
    ([current, data]) => {
      if (current !== undefined && data?.name != null) named.value = { id: current, name: data.name };
    },
    { immediate: true },
  );
  const name = computed(() =>
    named.value?.id === toValue(id) ? named.value?.name : (account.data.value?.name ?? undefined),
  );
  const standing = computed(() =>
    accountStanding(
      { data: account.data.value, isRemoved: account.isRemoved.value, error: account.error.value },
      name.value ?? toValue(id) ?? '',
    ),
  );
  return { account, name, standing };
}
