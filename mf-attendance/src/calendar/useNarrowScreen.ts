import { useSyncExternalStore } from 'react';

/**
 * A phone, or a tablet held upright (product-spec §9 breakpoints; the side navigation folds at the same width): the
 * week becomes a list of days, since seven readable columns do not fit and nothing may scroll sideways.
 */
export const NARROW_SCREEN = '(max-width: 768px)';

const query = () => (typeof window === 'undefined' ? undefined : window.matchMedia?.(NARROW_SCREEN));

function subscribe(onChange: () => void) {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

const isNarrow = () => !!query()?.matches;

/** Whether the window is phone-narrow now, following it as it is resized or turned. */
export const useNarrowScreen = () => useSyncExternalStore(subscribe, isNarrow, () => false);
