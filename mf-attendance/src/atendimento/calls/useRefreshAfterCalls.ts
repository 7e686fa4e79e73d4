import { useBusEvent } from '@consig/shared';
import { callKeys } from '@consig/shared/query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * How long after a call ends its record is read again: the server writes the end from Kamailio's events, which
 * reach it a moment later (queued, in order), not from the browser.
 */
export const CALL_RECORD_DELAY_MS = 2_000;

/** Reads the call lists again a moment after each call of this browser ends (`telephony.call-state@1` 'terminated'). */
export function useRefreshAfterCalls() {
  const queryClient = useQueryClient();
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      pending.forEach(clearTimeout);
      pending.clear();
    };
  }, []);

  useBusEvent('telephony.call-state@1', ({ state }) => {
    if (state !== 'terminated') return;
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      void queryClient.invalidateQueries({ queryKey: callKeys.all });
    }, CALL_RECORD_DELAY_MS);
    timers.current.add(timer);
  });
}
