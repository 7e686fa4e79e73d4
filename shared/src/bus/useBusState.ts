import { useCallback, useSyncExternalStore } from 'react';
import { bus } from './bus';
import { clearsRetainedBusState, type BusPayload, type RetainedBusEventName } from './events';

/**
 * The current value of a retained event: its last payload when the component mounts (null if none yet),
 * then every new one, and null again after logout. Works across remotes, which share the bus singleton.
 */
export function useBusState<N extends RetainedBusEventName>(name: N): BusPayload<N> | null {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const offUpdates = bus.subscribe(name, onChange);
      const offClear = bus.subscribe(clearsRetainedBusState, onChange);
      return () => {
        offUpdates();
        offClear();
      };
    },
    [name],
  );
  const read = useCallback(() => bus.last(name), [name]);
  return useSyncExternalStore(subscribe, read, read);
}
