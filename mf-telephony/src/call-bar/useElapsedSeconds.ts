import { useEffect, useState } from 'react';

/** Whole seconds since `since` (ms since epoch), ticking once a second; 0 while `since` is null. */
export function useElapsedSeconds(since: number | null): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (since == null) return;
    // No reset to Date.now() here: a `now` older than `since` already reads as 0 until the first tick.
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since == null ? 0 : Math.max(0, Math.floor((now - since) / 1000));
}
