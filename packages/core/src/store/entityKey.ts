/** One string per `type`/`id` pair (NUL cannot appear in either as sent), for Maps keyed by entity. */
export const entityKey = (type: string, id: string): string => `${type}\u0000${id}`;
