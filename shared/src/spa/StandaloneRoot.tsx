import { SignInForm, useSession } from '@consig/shared';
import { AppProviders } from '@consig/shared/query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';

/**
 * What a remote renders without the host (its team's `pnpm dev`, or an integrator's page): the providers
 * the host would give it, and a sign-in form until there is a token.
 */
export function StandaloneRoot({ children }: { children: ReactNode }) {
  const { token } = useSession();
  return (
    <AppProviders>
      <BrowserRouter>
        {token ? (
          children
        ) : (
          <div className="consig-panel standalone-signin">
            <SignInForm />
          </div>
        )}
      </BrowserRouter>
    </AppProviders>
  );
}
