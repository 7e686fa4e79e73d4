import { createSpaLifecycles } from '@consig/shared/spa';
import CallBar from './call-bar/CallBar';

/** single-spa lifecycles of the call bar, for integrators mounting it in a page that is not the host. */
export const { bootstrap, mount, unmount } = createSpaLifecycles('Telefonia', CallBar);
