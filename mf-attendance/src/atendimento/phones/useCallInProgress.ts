import { useBusEvent } from '@consig/shared';
import { useState } from 'react';

/** Call states in which no call is going on: anything else means a call is ringing, starting or up. */
const AT_REST = new Set(['idle', 'terminated']);

/** Whether a call is in progress, from the telephony remote's `telephony.call-state@1` events. */
export function useCallInProgress(): boolean {
  const [inProgress, setInProgress] = useState(false);
  useBusEvent('telephony.call-state@1', ({ state }) => setInProgress(!AT_REST.has(state)));
  return inProgress;
}
