import { createSpaLifecycles } from '@consig/shared/spa';
import { StandaloneRoutes } from './StandaloneRoutes';

/** single-spa lifecycles of the campaign screens, for integrators mounting them in a page that is not the host. */
export const { bootstrap, mount, unmount } = createSpaLifecycles('Campanhas', StandaloneRoutes);
