import { hasCallEnded, useBusEvent } from '@consig/shared';
import { useState } from 'react';

/**
 * Whether a call ended while `clientId` was the screen's client (product-spec §4 "Attendant status": the call
 * tabulation menu shows once the call has ended). Only a call that ends here counts: the end of the previous
 * client's call, which the bus still retains, is not this client's, so the menu starts hidden with each client.
 */
export function useCallEndedWith(clientId: number | null): boolean {
  const [endedWith, setEndedWith] = useState<number | null>(null);
  // useBusEvent calls the latest handler, so `clientId` is the client on screen when the call ends.
  useBusEvent('telephony.call-state@1', (report) => {
    if (hasCallEnded(report) && clientId !== null) setEndedWith(clientId);
  });
  return clientId !== null && endedWith === clientId;
}
