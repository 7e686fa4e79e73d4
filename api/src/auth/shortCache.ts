/**
 * Memoises an async lookup by key for `ttlMs`, counted from when the lookup STARTED, so an answer is
 * never more than `ttlMs` older than the database. Concurrent calls for one key share one lookup; a
 * failed lookup is forgotten at once (the next call tries again).
 */
export function shortCache<K, V>(
  load: (key: K) => Promise<V>,
  { ttlMs, now = Date.now }: { ttlMs: number; now?: () => number },
): (key: K) => Promise<V> {
  const entries = new Map<K, { value: Promise<V>; expires: number }>();
  const sweepAbove = 1_000; // keys are people who signed in: few, but never let expired ones pile up

  return (key) => {
    const at = now();
    const cached = entries.get(key);
    if (cached && cached.expires > at) return cached.value;

    if (entries.size >= sweepAbove) {
      for (const [k, entry] of entries) if (entry.expires <= at) entries.delete(k);
    }
    const entry = { value: load(key), expires: at + ttlMs };
    entries.set(key, entry);
    entry.value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return entry.value;
  };
}
