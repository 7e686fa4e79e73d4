import { useEffect, useEffectEvent } from 'react';
import { bus } from './bus';
import type { BusEventName, BusPayload } from './events';

/** Subscribes for the component's lifetime; the latest handler is always called (no resubscription per render). */
export function useBusEvent<N extends BusEventName>(name: N, handler: (payload: BusPayload<N>) => void) {
  const onEvent = useEffectEvent(handler);
  useEffect(() => bus.subscribe(name, (payload) => onEvent(payload)), [name]);
}
