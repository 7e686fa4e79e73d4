import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { getRuntimeConfig, session, setRuntimeConfig } from '@consig/shared';
import { StandaloneRoot } from './StandaloneRoot';

/**
 * What an integrator's page may hand a screen when mounting it (README "Integrators"): the API's address
 * (its WebSocket is derived unless given) and a token. Without a token the screen shows its own sign-in.
 */
export interface IntegratorProps {
  apiUrl?: string;
  wsUrl?: string;
  token?: string;
}

export const INVALID_TOKEN_TEXT = 'Token inválido ou expirado.';

/** Applies the integrator's props before the screen renders; a token that does not sign in refuses the mount. */
function applyIntegratorProps({ apiUrl, wsUrl, token }: IntegratorProps): void {
  if (apiUrl) {
    const base = apiUrl.replace(/\/+$/, '');
    setRuntimeConfig({ ...getRuntimeConfig(), apiUrl: base, wsUrl: wsUrl || `${base.replace(/^http/, 'ws')}/ws` });
  }
  if (token && !session.signIn(token)) throw new Error(INVALID_TOKEN_TEXT);
}

/**
 * single-spa lifecycles of one remote screen, for integrators mounting it in a page that is not the host:
 * the screen gets the providers the host would give it (StandaloneRoot) and, with no host around it, its
 * own error boundary. Imported as '@consig/shared/spa' and bundled into each remote (it holds no state).
 */
export function createSpaLifecycles(label: string, Screen: React.ComponentType) {
  const lifecycles = singleSpaReact({
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
  return {
    ...lifecycles,
    mount: async (props: Parameters<typeof lifecycles.mount>[0] & IntegratorProps) => {
      applyIntegratorProps(props);
      return lifecycles.mount(props);
    },
  };
}
export { StandaloneRoot } from './StandaloneRoot';
