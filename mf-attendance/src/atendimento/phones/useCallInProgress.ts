import { isCallInProgress, useBusState } from '@consig/shared';

/**
 * Whether a call is in progress, from the telephony remote's `telephony.call-state@1` state as the bus
 * retains it: a screen opened during a call (an answered call navigates here) knows at once.
 */
export function useCallInProgress(): boolean {
  return isCallInProgress(useBusState('telephony.call-state@1'));
}
