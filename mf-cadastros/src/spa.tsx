import { createSpaLifecycles } from '@consig/shared/spa';
import Cadastros from './cadastros/Cadastros';

/** single-spa lifecycles of the Cadastros screen, for integrators mounting it in a page that is not the host. */
export const { bootstrap, mount, unmount } = createSpaLifecycles('Cadastros', Cadastros);
