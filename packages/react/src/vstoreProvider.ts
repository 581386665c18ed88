import type { Client } from '@vstore/core';
import { createContext, createElement, type ReactNode, useContext } from './react';

const ClientContext = createContext<Client | null>(null);

/** Props of `VStoreProvider`. */
export interface VStoreProviderProps {
  /** The client every hook below uses; create it once, outside components. */
  client: Client;
  /** The tree that uses vstore hooks. */
  children?: ReactNode;
}

/** Makes `client` (and its store) available to every vstore hook below it. */
export function VStoreProvider({ client, children }: VStoreProviderProps) {
  // createElement rather than JSX: the package then needs no `react/jsx-runtime` import.
  return createElement(ClientContext.Provider, { value: client }, children);
}

/** The client given to the nearest `<VStoreProvider>`. */
export function useVStoreClient(): Client {
  const client = useContext(ClientContext);
  if (!client) throw new Error('Missing <VStoreProvider client>');
  return client;
}
