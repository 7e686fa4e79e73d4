/** A memoised lookup, and `forget(key)` to drop one key's answer when this instance knows it changed. */
export type ShortCache<K, V> = ((key: K) => Promise<V>) & { forget(key: K): void };

/**
 * Memoises an async lookup by key for `ttlMs`, counted from when the lookup STARTED, so an answer is
 * never more than `ttlMs` older than the database. Concurrent calls for one key share one lookup; a
 * failed lookup is forgotten at once (the next call tries again).
 */
export function shortCache<K, V>(
  load: (key: K) => Promise<V>,
  { ttlMs, now = Date.now }: { ttlMs: number; now?: () => number },
): ShortCache<K, V> {
  const entries = new Map<K, { value: Promise<V>; expires: number }>();
  const sweepAbove = 1_000; // keys are open sessions: few, but never let expired ones pile up

  const get = (key: K) => {
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
  return Object.assign(get, { forget: (key: K) => void entries.delete(key) });
}
