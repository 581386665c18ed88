import type { Draft } from 'immer';
import type { Observable } from 'rxjs';
import { lazyModule } from '../lazy/lazyModule';
import type { ResourceDefinition } from './defineResource';
import type { EditCopies, EditOptions } from './editOptions';
import type { ResourceOps } from './resourceOps';

export type { EditCopies, EditMergeInfo, EditOptions, EditOutcome, OnConflict } from './editOptions';

const editModule = lazyModule(() => import('./editRun'));

/**
 * Loads the body of `edit` and immer with it (./editRun) when a recipe first runs, so that with code
 * splitting an app's first chunk carries neither.
 */
export const loadEdit = () => editModule.load();

const NO_COPIES: EditCopies<never> = { held: () => undefined, fresh: () => undefined };

/**
 * `edit` as an Observable: base → recipe → PATCH of the changed update-valid fields, settled as
 * `editRun` says; the first subscription loads that code.
 */
export function editResource<TEntity extends object, TUpdateKey extends string, TCreate>(
  def: ResourceDefinition<TEntity, TUpdateKey, TCreate>,
  ops: ResourceOps<TEntity, TUpdateKey, TCreate>,
  id: string,
  recipe: (draft: Draft<TEntity>) => void,
  options: Omit<EditOptions<TEntity>, 'signal'> = {},
  copies: EditCopies<TEntity> = NO_COPIES,
): Observable<TEntity> {
  return editModule.use$(({ editRun }) =>
    editRun(def, ops, id, recipe, options, copies as EditCopies<TEntity>),
  );
}
