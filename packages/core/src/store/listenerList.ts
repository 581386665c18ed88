/**
 * Listeners of one thing, kept without a Set while there is one: most reads and observers have a
 * single listener, and a Set is an allocation of its own (and garbage when it leaves). A listener
 * added twice is held once, as in a Set.
 */
export class ListenerList {
  private single: (() => void) | undefined;
  private several: Set<() => void> | undefined;

  get size(): number {
    return this.several ? this.several.size : this.single ? 1 : 0;
  }

  add(listener: () => void): void {
    if (this.several) this.several.add(listener);
    else if (this.single === undefined || this.single === listener) this.single = listener;
    else {
      this.several = new Set([this.single, listener]);
      this.single = undefined;
    }
  }

  /** Whether `listener` was held (and is no longer). */
  delete(listener: () => void): boolean {
    if (this.several) return this.several.delete(listener);
    if (this.single !== listener) return false;
    this.single = undefined;
    return true;
  }

  /**
   * Calls every listener, each isolated from the others: what they throw is thrown once all ran, as
   * one `AggregateError` with `message`. Listeners that leave or join meanwhile do not change who is
   * called this time.
   */
  notify(message: string): void {
    const { single, several } = this;
    let errors: unknown[] | undefined;
    if (single) {
      try {
        single();
      } catch (error) {
        errors = [error];
      }
    } else if (several?.size) {
      for (const listener of [...several]) {
        try {
          listener();
        } catch (error) {
          errors ??= [];
          errors.push(error);
        }
      }
    }
    if (errors) throw new AggregateError(errors, message);
  }
}
