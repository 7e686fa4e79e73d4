import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { useSession } from '../session';
import { AppProviders } from './AppProviders';
import { SignInForm } from './SignInForm';

/**
 * What a remote renders when its team runs it alone (`pnpm dev` in its folder): the providers the host
 * would give it, and a sign-in form until there is a token.
 */
export function StandaloneRoot({ children }: { children: ReactNode }) {
  const { token } = useSession();
  return (
    <AppProviders>
      <BrowserRouter>{token ? children : <div className="consig-panel standalone-signin"><SignInForm /></div>}</BrowserRouter>
    </AppProviders>
  );
}
