import { createSpaLifecycles } from '@consig/shared/spa';
import Followup from './followup/Followup';

/** single-spa lifecycles of the follow-up screen, for integrators mounting it in a page that is not the host. */
export const { bootstrap, mount, unmount } = createSpaLifecycles('Acompanhamentos', Followup);
