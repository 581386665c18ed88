/**
 * An edit with `onConflict: 'abort'` found that another writer changed, since the edit's base, a
 * field its recipe also changes, to another value. Nothing more was sent. Not an `ApiError`: the
 * client decided this from states it read, whether or not a 409 led there.
 */
export class EditConflictError<TEntity = unknown> extends Error {
  override name = 'EditConflictError';
  /** The overlapping fields only: changed by both sides, to different values. */
  readonly fields: readonly string[];
  /** The state the edit started from (its recipe's first input). */
  readonly base: TEntity;
  /** What the recipe made of `base`. */
  readonly mine: TEntity;
  /** The latest state, with the other writer's change. */
  readonly theirs: TEntity;
  constructor(
    type: string,
    id: string,
    fields: readonly string[],
    states: { base: TEntity; mine: TEntity; theirs: TEntity },
  ) {
    const version = (entity: unknown) => String((entity as { version?: unknown }).version ?? '?');
    super(
      `Another writer changed ${fields.join(', ')} of ${type} ${id} since version ${version(states.base)} ` +
        `(now version ${version(states.theirs)}), and this edit changes ${fields.length > 1 ? 'them' : 'it'} too; ` +
        'nothing was sent. Show base, yours and theirs, and let the user keep one before editing again.',
    );
    this.fields = fields;
    this.base = states.base;
    this.mine = states.mine;
    this.theirs = states.theirs;
  }
}
