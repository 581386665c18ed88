import type { ChannelConstructor, ChannelLike } from '../crossTab';

type Listener = (event: MessageEvent) => void;

/**
 * An in-memory stand-in for BroadcastChannel: same-name instances ("tabs") receive each other's
 * messages as structured clones, never their own. Delivery is handed to `schedule`, so tests choose
 * the timing: a fake-timer `setTimeout(…, 0)` by default, or a fast-check scheduler.
 */
export function createChannelHub(schedule: (deliver: () => void) => void = (d) => void setTimeout(d, 0)) {
  const byName = new Map<string, Set<MemoryChannel>>();
  let posted = 0;

  class MemoryChannel implements ChannelLike {
    private readonly listeners = new Set<Listener>();
    private closed = false;
    constructor(readonly name: string) {
      const peers = byName.get(name) ?? new Set<MemoryChannel>();
      byName.set(name, peers);
      peers.add(this);
    }
    postMessage(message: unknown): void {
      if (this.closed) throw new DOMException('BroadcastChannel is closed.', 'InvalidStateError');
      posted++;
      const data = structuredClone(message);
      for (const peer of byName.get(this.name) ?? []) {
        if (peer === this) continue;
        schedule(() => peer.receive(data));
      }
    }
    addEventListener(_type: 'message', listener: Listener): void {
      this.listeners.add(listener);
    }
    removeEventListener(_type: 'message', listener: Listener): void {
      this.listeners.delete(listener);
    }
    close(): void {
      this.closed = true;
      byName.get(this.name)?.delete(this);
    }
    private receive(data: unknown): void {
      if (this.closed) return;
      const event = { data } as MessageEvent;
      for (const listener of [...this.listeners]) listener(event);
    }
  }

  return {
    Channel: MemoryChannel as ChannelConstructor,
    /** Messages posted so far, over all channels. */
    posted: () => posted,
  };
}
