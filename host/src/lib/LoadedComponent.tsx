import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

interface Props<P extends object> {
  /** The component when the page has it already (preloaded, or visited before): rendered in the first render. */
  loaded: ComponentType<P> | undefined;
  /** Loads it otherwise; run once per mount. */
  load: () => Promise<ComponentType<P>>;
  props: P;
  /** Shown until it has loaded. */
  fallback: ReactNode;
}

/**
 * A component whose code loads once (from the network), held as state rather than React.lazy under
 * Suspense: React reveals what replaces a Suspense fallback no sooner than 300 ms after the fallback
 * appeared (its fallback throttle), which was most of a first visit's wait. A failed load is thrown while
 * rendering, to the nearest error boundary.
 */
export function LoadedComponent<P extends object>({ loaded, load, props, fallback }: Props<P>) {
  const [state, setState] = useState<{ component?: ComponentType<P>; error?: unknown }>(() => ({ component: loaded }));
  useEffect(() => {
    if (state.component) return;
    let mounted = true;
    load().then(
      (component) => mounted && setState({ component }),
      (error: unknown) => mounted && setState({ error }),
    );
    return () => {
      mounted = false;
    };
    // One load per mount: the component, once there, never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if ('error' in state) throw state.error;
  const { component: Loaded } = state;
  return Loaded ? <Loaded {...props} /> : fallback;
}
