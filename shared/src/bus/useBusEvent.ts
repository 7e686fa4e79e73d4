import { useEffect, useRef } from 'react';
import { bus } from './bus';
import type { BusEventName, BusPayload } from './events';

/** Subscribes for the component's lifetime; the latest handler is always called. */
export function useBusEvent<N extends BusEventName>(name: N, handler: (payload: BusPayload<N>) => void) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => bus.subscribe(name, (payload) => latest.current(payload)), [name]);
}
