/**
 * What the Node server needs from a service beyond its public `fetch` and `close`. Kept in a
 * WeakMap, not on the object, so the public `Service` type stays as API.md gives it; this module
 * has no Node imports, so the fetch handler's entry stays free of them.
 */
export interface NodeHandler {
  fetch(request: Request): Promise<Response>;
  close(): Promise<void>;
  /**
   * The standard JSON answer for a request the fetch API cannot express: 405 for a method it
   * forbids (TRACE, TRACK), 400 for a target that is no URL, or for a request Node could not parse.
   */
  refuse(kind: 'method' | 'target' | 'malformed'): Response;
  /** The service's body limit: reading stops one byte past it, and the service answers 400. */
  maxBodyBytes: number;
}

const handlers = new WeakMap<object, NodeHandler>();

export function registerNodeHandler(service: object, handler: NodeHandler): void {
  handlers.set(service, handler);
}

export function nodeHandlerOf(service: object): NodeHandler | undefined {
  return handlers.get(service);
}
