import { Loading, useSession } from '@consig/shared/core';
import { Suspense, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';

/**
 * Gate of every protected route (product-spec §2, §6): without a token the user goes to the sign-in page;
 * while a screen loads the shared loading indicator shows. A session that ends while the user is here
 * (logout, a 401 from the API, the token expiring in the session store) re-renders this gate, which
 * sends the user to /.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { token } = useSession();
  if (!token) return <Navigate to="/" replace />;
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}
