import { busEvents, type BusEventName, type BusPayload } from './events';

type Handler<N extends BusEventName> = (payload: BusPayload<N>) => void;

const handlers = new Map<BusEventName, Set<Handler<never>>>();

/**
 * Typed publish/subscribe between host and remotes. Payloads are checked against the zod contract at
 * publication, so a remote sending a malformed event fails loudly at its own call site.
 */
export const bus = {
  publish<N extends BusEventName>(name: N, payload: BusPayload<N>): void {
    const checked = busEvents[name].parse(payload) as BusPayload<N>;
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
};
