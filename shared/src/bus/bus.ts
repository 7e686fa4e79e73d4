import {
  busEvents,
  clearsRetainedBusState,
  retainedBusEvents,
  type BusEventName,
  type BusPayload,
  type RetainedBusEventName,
} from './events';

type Handler<N extends BusEventName> = (payload: BusPayload<N>) => void;

const handlers = new Map<BusEventName, Set<Handler<never>>>();
/** The last payload of each retained event (see `retainedBusEvents`), kept until logout. */
const retained = new Map<RetainedBusEventName, unknown>();

const isRetained = (name: BusEventName): name is RetainedBusEventName => (retainedBusEvents as readonly BusEventName[]).includes(name);

/**
 * Typed publish/subscribe between host and remotes. Payloads are checked against the zod contract at
 * publication, so a remote sending a malformed event fails loudly at its own call site. The module is a
 * Module Federation singleton (through '@consig/shared'), so what it retains is seen by every remote.
 */
export const bus = {
  publish<N extends BusEventName>(name: N, payload: BusPayload<N>): void {
    const checked = busEvents[name].parse(payload) as BusPayload<N>;
    // Retained state changes before delivery, so a subscriber reading `bus.last` sees the new value.
    if (isRetained(name)) retained.set(name, checked);
    if (name === clearsRetainedBusState) retained.clear();
    for (const handler of [...(handlers.get(name) ?? [])]) {
      try {
        (handler as Handler<N>)(checked);
      } catch (error) {
        // One faulty subscriber must not starve the others.
        console.error(`[bus] subscriber of ${name} failed`, error);
      }
    }
  },
  /** Returns the function that unsubscribes. */
  subscribe<N extends BusEventName>(name: N, handler: Handler<N>): () => void {
    const set = handlers.get(name) ?? new Set();
    set.add(handler as Handler<never>);
    handlers.set(name, set);
    return () => {
      set.delete(handler as Handler<never>);
    };
  },
  /** The last payload published of a retained event; null when none was since start-up or the last logout. */
  last<N extends RetainedBusEventName>(name: N): BusPayload<N> | null {
    return (retained.get(name) as BusPayload<N> | undefined) ?? null;
  },
};
