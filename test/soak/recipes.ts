import type { Client } from '@vstore/core';
import { type EditField, intentAmount, intentStatus, intentToken } from './planSoak';

export type Recipe = Parameters<Client['spendControls']['edit']>[1];

/** The recipe of intent `k` on one field: absolute, so running it again over any later state is a no-op. */
export function recipeFor(field: EditField, k: number): Recipe {
  if (field === 'name') return appendToken(intentToken(k));
  if (field === 'limit') {
    return (draft) => {
      if (draft.limit && draft.limit.amount !== intentAmount(k)) draft.limit.amount = intentAmount(k);
    };
  }
  return (draft) => {
    draft.status = intentStatus(k);
  };
}

/** Appends `token` to the name unless a word after the first (the initial name) is already it. */
export function appendToken(token: string): Recipe {
  return (draft) => {
    const name = draft.name ?? '';
    if (!name.split(' ').slice(1).includes(token)) draft.name = `${name} ${token}`;
  };
}
