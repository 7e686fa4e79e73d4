import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { StandaloneRoot } from './StandaloneRoot';

/**
 * single-spa lifecycles of one remote screen, for integrators mounting it in a page that is not the host:
 * the screen gets the providers the host would give it (StandaloneRoot) and, with no host around it, its
 * own error boundary. Imported as '@consig/shared/spa' and bundled into each remote (it holds no state).
 */
export function createSpaLifecycles(label: string, Screen: React.ComponentType) {
  return singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: () => (
      <StandaloneRoot>
        <Screen />
      </StandaloneRoot>
    ),
    errorBoundary: () => (
      <div className="consig-panel" role="alert">
        Não foi possível exibir o módulo <strong>{label}</strong>. Recarregue a página.
      </div>
    ),
  });
}
export { StandaloneRoot } from './StandaloneRoot';
