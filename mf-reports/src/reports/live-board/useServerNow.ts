import { useEffect, useState } from 'react';

const TICK_MS = 1000;

/** This machine's clock, read again every second. */
function useTickingNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The server's clock now, ticking every second: the board's TS_Servidor minus the instant the board arrived
 * (`receivedAt`, this machine's clock) is the offset between the two clocks, added to this machine's clock.
 * "Time in state" then reads the same on every supervisor's screen, whatever their computer's clock says.
 */
export function useServerNow(serverInstant: string | undefined, receivedAt: number): number {
  const now = useTickingNow();
  const offset = serverInstant ? Date.parse(serverInstant) - receivedAt : 0;
  // Until the next tick `now` may predate the board's arrival.
  return Math.max(now, receivedAt) + offset;
}
