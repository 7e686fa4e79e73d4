import { createSpaLifecycles } from '@consig/shared/spa';
import Reports from './reports/Reports';

/** single-spa lifecycles of the reports screen, for integrators mounting it in a page that is not the host. */
export const { bootstrap, mount, unmount } = createSpaLifecycles('Relatórios', Reports);
