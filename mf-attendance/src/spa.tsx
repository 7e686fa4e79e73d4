import { createSpaLifecycles } from '@consig/shared/spa';
import Dashboard from './dashboard/Dashboard';

/** single-spa lifecycles of the Dashboard, for integrators mounting it in a page that is not the host. */
export const { bootstrap, mount, unmount } = createSpaLifecycles('Dashboard', Dashboard);
